import type { MessagesState, StoredMessage } from "./types.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type SeedMessage = {
  sender: string;
  title: string;
  body: string;
  call_to_action?: string;
  /** How long before the seed instant it was sent. */
  ago: number;
  read?: boolean;
};

const VALVERDE = { tag: "citfac,c_v001", key: "a" };
const MONTEALTO = { tag: "citfac,c_m002", key: "b" };

/** Valverde's messages for a citizen with a long inbox: the first ones are the newest. */
function valverdeInbox(count: number): SeedMessage[] {
  const templates: Omit<SeedMessage, "ago">[] = [
    {
      sender: "valverde_anagrafe",
      title: "Carta d'identità elettronica pronta",
      body: "<p>La tua <strong>carta d'identità elettronica</strong> è pronta per il ritiro presso l'ufficio anagrafe.</p><p>Prenota un appuntamento per il ritiro.</p>",
      call_to_action: "/servizi/prenotazione-appuntamento",
    },
    {
      sender: "valverde_tari",
      title: "Avviso di pagamento TARI",
      body: "<p>È disponibile l'avviso di pagamento della <em>TARI</em>: la prima rata scade a fine mese.</p>",
    },
    {
      sender: "valverde_scuola",
      title: "Iscrizioni al servizio mensa aperte",
      body: "<p>Sono aperte le iscrizioni al servizio di refezione scolastica.</p><ul><li>Scuola dell'infanzia</li><li>Scuola primaria</li></ul>",
    },
    {
      sender: "valverde_eventi",
      title: "Festa patronale: modifiche alla viabilità",
      body: "<p>Durante la festa patronale il centro storico sarà chiuso al traffico dalle 18 alle 24.</p>",
    },
    {
      sender: "valverde_polizia_locale",
      title: "Rinnovo del permesso di sosta residenti",
      body: "<p>Il tuo permesso di sosta per residenti scade tra 30 giorni.</p>",
    },
  ];
  return Array.from({ length: count }, (_, index) => {
    const template = templates[index % templates.length]!;
    const round = Math.floor(index / templates.length);
    return {
      ...template,
      title: round === 0 ? template.title : `${template.title} (${round + 1})`,
      ago: index * DAY + 2 * HOUR,
    };
  });
}

/** The one message whose body tries to run script: the portal must show it as harmless text. */
const UNSAFE_BODY: SeedMessage = {
  sender: "valverde_anagrafe",
  title: "Aggiornamento dei dati di residenza",
  body: '<p onclick="alert(1)">I tuoi dati di residenza sono stati aggiornati.</p><script>alert("xss")</script><p><a href="javascript:alert(1)">Dettagli</a></p>',
  ago: 3 * HOUR,
};

const MONTEALTO_MESSAGES: SeedMessage[] = [
  {
    sender: "montealto_tributi",
    title: "Scadenza IMU",
    body: "<p>Ti ricordiamo che il <strong>16 giugno</strong> scade il versamento dell'acconto IMU.</p>",
    ago: 1 * HOUR,
  },
  {
    sender: "montealto_anagrafe",
    title: "Certificato di residenza disponibile",
    body: "<p>Il certificato che hai richiesto è disponibile nella tua area personale.</p>",
    call_to_action: "/area-personale",
    ago: 2 * DAY,
  },
  {
    sender: "montealto_polizia_locale",
    title: "Nuova area pedonale in piazza del Mercato",
    body: "<p>Dal 1° del mese piazza del Mercato diventa area pedonale.</p>",
    ago: 5 * DAY,
  },
  {
    sender: "montealto_tributi",
    title: "Rimborso approvato",
    body: "<p>La tua richiesta di rimborso è stata approvata.</p>",
    ago: 20 * DAY,
  },
];

function build(
  codFisc: string,
  place: typeof VALVERDE,
  messages: SeedMessage[],
  now: number,
  readFrom: (index: number) => boolean,
): StoredMessage[] {
  const prefix = codFisc.slice(0, 6).toLowerCase();
  return messages.map((message, index) => {
    const timestamp = new Date(now - message.ago);
    const read = message.read ?? readFrom(index);
    return {
      id: `${prefix}-${place.key}-${String(index + 1).padStart(2, "0")}`,
      user_id: codFisc,
      mex: {
        title: message.title,
        body: message.body,
        ...(message.call_to_action ? { call_to_action: message.call_to_action } : {}),
      },
      tag: place.tag,
      read_at: read ? new Date(timestamp.getTime() + HOUR).toISOString() : null,
      timestamp: timestamp.toISOString(),
      sender: message.sender,
    };
  });
}

/**
 * The seeded inboxes, timestamps relative to `now`: Mario Rossi has 18 unread of 20 on Valverde and 3 unread of 4
 * on Montealto; Giulia Bianchi has read everything; Anna Esposito has both; Luca Verdi has nothing.
 */
export function seedMessages(now: number = Date.now()): MessagesState {
  const mario = "RSSMRA80A01H501U";
  const giulia = "BNCGLI85C55L219R";
  const anna = "SPSNNA75T48F839X";
  return {
    [mario]: [
      ...build(mario, VALVERDE, [UNSAFE_BODY, ...valverdeInbox(19)], now, (index) => index >= 18),
      ...build(mario, MONTEALTO, MONTEALTO_MESSAGES, now, (index) => index === 3),
    ],
    [giulia]: [
      ...build(giulia, VALVERDE, valverdeInbox(6), now, () => true),
      ...build(giulia, MONTEALTO, MONTEALTO_MESSAGES.slice(0, 1), now, () => true),
    ],
    [anna]: [
      ...build(anna, VALVERDE, valverdeInbox(7), now, (index) => index >= 3),
      ...build(anna, MONTEALTO, MONTEALTO_MESSAGES.slice(0, 2), now, (index) => index === 1),
    ],
  };
}
