export type SandboxMenuItem = {
  title: string;
  url: string;
  attributes?: { "data-element"?: string; class?: string | string[] };
  is_parent?: boolean;
  children?: SandboxMenuItem[];
};

type Category = { id: number; nome: string };

/**
 * A service as the upstream sends it. The category comes in every spelling seen in the wild (BFF snake_case,
 * OpenAPI camelCase, the typo variant, the CMS list, a bare string), so the portal's normalisation is exercised.
 */
export type SandboxServizio = {
  id: number;
  nome: string;
  descrizione: string;
  categoria_servizio?: Category;
  categoriaServizio?: Category | string;
  categoriaSevizio?: Category;
  categorie?: Array<{ nome: string }>;
  link_scheda?: string | null;
  link_servizio?: string;
  linkServizio?: string;
  servizio_attivo: boolean;
  servizio_citta_facile?: boolean;
  messaggio_manutenzione?: string | null;
};

export type SandboxServiceAsset = {
  id: number;
  codice: string;
  nome: string;
  tipoCredenziali: string;
  descrizione: string;
  urlBackoffice: string | null;
  icon: string | null;
};

export type SandboxServiceDetail = {
  id: number;
  titolo: string | null;
  idServizio: number;
  moduloMoon: string | null;
  idSportello: string | null;
  codiceNotifiche: string | null;
  codiceAssistenza: string | null;
  idFaq: number | null;
  idBot: number | null;
  delegabile: boolean;
  noteDelega: string | null;
  asset: SandboxServiceAsset | null;
  /** Not in the public contract (issue #12): the scheda servizio's contents. */
  scheda: SandboxServiceSheet | null;
  /**
   * Not in the public contract (issue #10): the payment type of a PPAY/MYPAY service (PPAY `codiceVersamento`,
   * MYPAY `codTipo`), so `/servizi/pagamenti/:id` shows the citizen's positions of that type only.
   */
  codiceVersamento?: string;
};

/** An office responsible for services: at a street address, or reached by video call. */
export type SandboxOffice = {
  nome: string;
  indirizzo?: { via: string; cap: string; comune: string };
  videochiamata?: string;
  telefono?: string;
  email?: string;
  orari?: string;
};

/** The scheda servizio's contents (Modello Comuni), which the public `dettaglioServizi` lacks. */
export type SandboxServiceSheet = {
  destinatari: string;
  comeFare: string;
  cosaServe: string[];
  cosaSiOttiene: string;
  tempi: string;
  scadenze: Array<{ titolo: string; data?: string; testo?: string }>;
  costi?: string | null;
  condizioni: { titolo: string; url: string };
  ufficio: SandboxOffice;
  argomenti: string[];
  pubblico?: string;
  tipo?: string;
};

export type KbCategorySeed = { id: number; name: string; parentId: number | null };
export type KbAnswerSeed = { id: number; categoryId: number; title: string; body: string };
export type KnowledgeBaseSeed = { categories: KbCategorySeed[]; answers: KbAnswerSeed[] };

export type GeoAddress = {
  placeId: number;
  lat: number;
  lon: number;
  road: string;
  houseNumber?: string;
  /** Nominatim names the settlement `city`, `town` or `village` depending on its size. */
  place: { kind: "city" | "town" | "village"; name: string };
  county: string;
  state: string;
  postcode: string;
  /** A point of interest at this address, e.g. "Municipio". */
  name?: string;
};

export type TenantContent = {
  menu: {
    main: SandboxMenuItem[];
    "menu-argomenti": SandboxMenuItem[];
    "contatta-comune": SandboxMenuItem[];
  };
  menuFooter: {
    "menu-principale": SandboxMenuItem[];
    "menu-contatti": SandboxMenuItem[];
    "menu-footer": SandboxMenuItem[];
  };
  contatti: {
    "blocco-contatti": { title: string; body: string };
    social: { title: string; channels: Array<{ url: string; title: string; class: string }> };
  };
  servizi: SandboxServizio[];
  dettagli: SandboxServiceDetail[];
  disservizioPolicy: string;
  /** Relative path the citizen lands on after logout (the tenant's `logoutUri`): the portal's page that says so. */
  logoutUri: string;
  knowledgeBase: KnowledgeBaseSeed;
  addresses: GeoAddress[];
};
