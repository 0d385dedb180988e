import type { KnowledgeBaseSeed } from "./content-types.ts";

export const valverdeKnowledgeBase: KnowledgeBaseSeed = {
  categories: [
    { id: 11, name: "Anagrafe e stato civile", parentId: null },
    { id: 12, name: "Tributi", parentId: null },
    { id: 13, name: "Ambiente e rifiuti", parentId: null },
    { id: 14, name: "Carta d'identità", parentId: 11 },
  ],
  answers: [
    {
      id: 111,
      categoryId: 14,
      title: "Come richiedere la carta d'identità elettronica?",
      body: `<p>La carta d'identità elettronica (CIE) si richiede all'Ufficio Anagrafe <strong>su appuntamento</strong>.</p>
<ul><li>Prenota dal servizio <a href="/servizi/prenotazione-appuntamento">Prenotazione appuntamento</a>.</li>
<li>Porta una fototessera recente e il vecchio documento.</li>
<li>La carta arriva per posta entro 6 giorni lavorativi.</li></ul>`,
    },
    {
      id: 112,
      categoryId: 14,
      title: "Quanto costa la carta d'identità elettronica?",
      body: "<p>Il costo è di <strong>22,21 euro</strong> (27,37 euro in caso di smarrimento o deterioramento), da pagare allo sportello con carta o bancomat.</p>",
    },
    {
      id: 113,
      categoryId: 11,
      title: "Come ottenere un certificato di residenza?",
      body: "<p>Puoi scaricarlo gratis e subito dal servizio <em>Certificati anagrafici</em> dopo aver effettuato l'accesso con SPID o CIE, oppure dall'Anagrafe nazionale (ANPR).</p>",
    },
    {
      id: 114,
      categoryId: 11,
      title: "Come comunicare un cambio di residenza?",
      body: "<p>Compila la dichiarazione online entro 20 giorni dal trasferimento. La polizia locale verifica l'indirizzo entro 45 giorni.</p>",
    },
    {
      id: 121,
      categoryId: 12,
      title: "Come pagare la TARI?",
      body: `<p>L'avviso TARI arriva ogni anno a maggio. Puoi pagarlo:</p>
<ul><li>online, dal servizio <a href="/servizi/pagamenti/104">Pagamento TARI</a>, con pagoPA;</li>
<li>presso banche, uffici postali, tabaccherie aderenti a pagoPA.</li></ul>
<p>Le rate scadono il 16 giugno e il 16 dicembre.</p>`,
    },
    {
      id: 122,
      categoryId: 12,
      title: "Cosa fare se l'avviso di pagamento è errato?",
      body: `<p>Scrivi all'Ufficio Tributi indicando il codice dell'avviso.</p><script>alert("kb")</script>
<p><a href="javascript:alert(1)" onclick="alert(2)">Modulo di rettifica</a></p>`,
    },
    {
      id: 131,
      categoryId: 13,
      title: "Come prenotare il ritiro dei rifiuti ingombranti?",
      body: "<p>Il ritiro a domicilio è gratuito, fino a 5 pezzi per volta. Prenota chiamando il numero verde 800 123 456.</p>",
    },
    {
      id: 132,
      categoryId: 13,
      title: "Dove si trova il centro di raccolta comunale?",
      body: "<p>In Strada Provinciale 24, aperto il martedì e il sabato dalle 8.30 alle 12.30.</p>",
    },
  ],
};
