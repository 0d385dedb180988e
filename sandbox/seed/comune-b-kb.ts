import type { KnowledgeBaseSeed } from "./content-types.ts";

export const montealtoKnowledgeBase: KnowledgeBaseSeed = {
  categories: [
    { id: 21, name: "Servizi demografici", parentId: null },
    { id: 22, name: "Tributi locali", parentId: null },
    { id: 23, name: "Scuola e infanzia", parentId: null },
    { id: 24, name: "Stato civile", parentId: 21 },
  ],
  answers: [
    {
      id: 211,
      categoryId: 21,
      title: "Come richiedere la carta d'identità elettronica?",
      body: "<p>Prenota un appuntamento allo Sportello Polifunzionale. Il sabato mattina lo sportello è aperto solo per l'Anagrafe.</p>",
    },
    {
      id: 212,
      categoryId: 21,
      title: "Come iscriversi all'anagrafe dopo un trasloco?",
      body: "<p>Presenta la dichiarazione di residenza entro 20 giorni dal trasloco, allegando il documento d'identità di tutti i componenti.</p>",
    },
    {
      id: 241,
      categoryId: 24,
      title: "Come fissare la data di un matrimonio civile?",
      body: "<p>Contatta l'Ufficio di Stato civile almeno sei mesi prima: le pubblicazioni restano affisse per 8 giorni.</p>",
    },
    {
      id: 221,
      categoryId: 22,
      title: "Quando si paga l'IMU?",
      body: "<p>L'acconto scade il <strong>16 giugno</strong>, il saldo il <strong>16 dicembre</strong>. Puoi pagare con pagoPA o con il modello F24.</p>",
    },
    {
      id: 222,
      categoryId: 22,
      title: "Come pagare la TARI?",
      body: "<p>La TARI di Montealto è riscossa dalla società Servizi Valle Srl: l'avviso contiene il codice pagoPA.</p>",
    },
    {
      id: 231,
      categoryId: 23,
      title: "Come iscrivere un bambino all'asilo nido?",
      body: "<p>Le domande si presentano dal 1° marzo al 30 aprile. La graduatoria è pubblicata entro il 31 maggio.</p>",
    },
    {
      id: 232,
      categoryId: 23,
      title: "Quanto costa la mensa scolastica?",
      body: "<p>La tariffa dipende dall'ISEE: da 2,10 a 5,40 euro a pasto.</p>",
    },
    {
      id: 233,
      categoryId: 23,
      title: "Come chiedere una dieta speciale in mensa?",
      body: "<p>Consegna il certificato medico all'Ufficio Scuola: la dieta è attiva dopo 5 giorni lavorativi.</p>",
    },
  ],
};
