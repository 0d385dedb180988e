/**
 * The texts of the pages the portal serves for a municipality without a website of its own (issue #24): topics,
 * legal notes, privacy notice. The `information.*` keys in Italian, the source of the keys (English: ./texts.en.ts).
 * `information.legal.licenceTitle` and `information.legal.licenceBody` are the Modello Comuni's, which the AGID
 * checker compares with its own (C.SI.3.4): keep them exactly as they are.
 */
export const informationIt = {
  "information.topics.title": "Argomenti",
  "information.topics.lead": "Le informazioni e i servizi online del Comune, raccolti per argomento.",
  "information.topics.description":
    "{municipality}: gli argomenti del portale e, per ognuno, i servizi online collegati.",
  "information.topics.empty": "Non ci sono ancora argomenti con servizi online.",
  "information.topic.none": "Nessun servizio online",
  "information.topic.services.one": "{count} servizio",
  "information.topic.services.other": "{count} servizi",
  "information.topic.lead": "I servizi online sull'argomento {topic}.",
  "information.topic.description": "{municipality}, argomento {topic}: i servizi online collegati.",
  "information.topic.servicesTitle": "Servizi",
  "information.topic.noServices": "Per questo argomento non ci sono ancora servizi online.",
  "information.topic.notFound": "Argomento non trovato",
  "information.topic.allTopics": "Vedi tutti gli argomenti",
  "information.legal.title": "Note legali",
  "information.legal.lead": "Le condizioni d'uso dei contenuti pubblicati su questo portale.",
  "information.legal.description":
    "{municipality}: note legali del portale; i contenuti sono rilasciati con licenza CC-BY 4.0.",
  "information.legal.licenceTitle": "Licenza dei contenuti",
  "information.legal.licenceBody":
    "In applicazione del principio open by default ai sensi dell’articolo 52 del decreto legislativo 7 marzo 2005, n. 82 (CAD) e salvo dove diversamente specificato (compresi i contenuti incorporati di terzi), i dati, i documenti e le informazioni pubblicati sul sito sono rilasciati con licenza CC-BY 4.0. Gli utenti sono quindi liberi di condividere (riprodurre, distribuire, comunicare al pubblico, esporre in pubblico), rappresentare, eseguire e recitare questo materiale con qualsiasi mezzo e formato e modificare (trasformare il materiale e utilizzarlo per opere derivate) per qualsiasi fine, anche commerciale con il solo onere di attribuzione, senza apporre restrizioni aggiuntive.",
  "information.legal.moreTitle": "Informazioni sul portale",
  "information.privacy.title": "Informativa sulla privacy",
  "information.privacy.lead": "Come sono trattati i dati personali raccolti attraverso questo portale.",
  "information.privacy.description":
    "{municipality}: informativa sul trattamento dei dati personali del portale dei servizi online.",
  "information.privacy.controller":
    "Titolare del trattamento dei dati personali raccolti attraverso questo portale è l'ente {municipality}, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR).",
  "information.privacy.purpose":
    "I dati sono trattati per l'esercizio delle funzioni istituzionali dell'ente e per erogare i servizi online richiesti; il conferimento è necessario per ottenere il servizio. I dati non sono diffusi.",
  "information.privacy.retention":
    "I dati sono conservati per il tempo necessario alla conclusione del procedimento e secondo gli obblighi di archiviazione della pubblica amministrazione.",
  "information.privacy.rights":
    "Puoi chiedere l'accesso ai tuoi dati, la rettifica, la cancellazione o la limitazione del trattamento, e opporti al trattamento, rivolgendoti all'ente; hai diritto di proporre reclamo al Garante per la protezione dei dati personali.",
  "information.privacy.cookies":
    "Il portale usa solo cookie tecnici di prima parte, necessari al suo funzionamento: nessun cookie di profilazione o di terze parti.",
};
