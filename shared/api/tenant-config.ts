import { z } from "zod";
import { rowsOf } from "./rows.ts";

/** A menu entry as the upstream (CMS or BFF database) sends it. `attributes.class` may be a string or a list. */
export type MenuItem = {
  title: string;
  url: string;
  dataElement?: string;
  className?: string;
  children: MenuItem[];
};

const RawMenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z
    .object({
      title: z.string(),
      url: z
        .string()
        .nullish()
        .transform((url) => url ?? "#"),
      attributes: z
        .object({
          "data-element": z.string().optional(),
          class: z.union([z.string(), z.array(z.string())]).optional(),
        })
        .loose()
        .optional()
        .nullable(),
      children: rowsOf(RawMenuItemSchema).optional().nullable(),
    })
    .loose()
    .transform((raw) => ({
      title: raw.title,
      url: raw.url,
      dataElement: raw.attributes?.["data-element"],
      className: Array.isArray(raw.attributes?.class)
        ? raw.attributes.class.join(" ")
        : raw.attributes?.class,
      children: raw.children ?? [],
    })),
) as unknown as z.ZodType<MenuItem>;

const MenuListSchema = rowsOf(RawMenuItemSchema)
  .nullish()
  .transform((v) => v ?? []);

export const AssetCodeSchema = z.enum([
  "MYPAY",
  "PPAY",
  "APPSCHED",
  "ASSISTENZA_CRM",
  "MOON",
  "MY_DOCS",
  "NOTIFICATIONS",
  "DELEGHE",
  "DISSERVIZIO_CRM",
]);
export type AssetCode = z.infer<typeof AssetCodeSchema>;

export const AssetSchema = z
  .object({
    id: z.number().optional().catch(undefined),
    codice: z.string(),
    nome: z.string().nullish(),
    descrizione: z.string().nullish(),
    showPublic: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    delegheMaxDays: z.number().int().positive().nullish(),
    /**
     * PPAY/MYPAY: the tax code sent for a payer with no Italian one ("Non dispongo di un identificativo fiscale
     * italiano"). Our definition: the spec says a configured placeholder exists, not where; a value that is not
     * 11–16 letters/digits is dropped rather than failing the whole configuration.
     */
    codiceFiscaleAnonimo: z
      .string()
      .regex(/^[A-Z0-9]{11,16}$/)
      .optional()
      .catch(undefined),
  })
  .loose();
export type Asset = z.infer<typeof AssetSchema>;

export const FirebaseSettingsSchema = z
  .object({
    apiKey: z.string(),
    appId: z.string(),
    authDomain: z.string().nullish(),
    messagingSenderId: z.string(),
    projectId: z.string(),
    storageBucket: z.string().nullish(),
    vapidKey: z.string(),
  })
  .loose();

const nonEmpty = z.string().trim().min(1);

/** An address the portal links to: absent, empty or not http(s) is null (never a broken or unsafe link). */
const LinkSchema = z
  .string()
  .nullish()
  .transform((v) => (v && /^https?:\/\//i.test(v.trim()) ? v.trim() : null));

/**
 * `GET /api-public/configComune/fromtenant`. The published BFF's Java writes every field, nulls included: a
 * municipality without a `homePage`, a region without a `link`, broken Firebase settings degrade those parts only.
 */
export const ComuneConfigSchema = z
  .object({
    nome: z.string().min(1),
    codiceImmagine: z.string().nullish(),
    regione: z.object({ id: z.number().nullish(), nome: z.string(), link: LinkSchema }).loose(),
    codiceEnte: z.string(),
    tenant: z.string().nullish(),
    firebase: FirebaseSettingsSchema.nullish().catch(null),
    assets: rowsOf(AssetSchema)
      .nullish()
      .transform((v) => v ?? []),
    homePage: LinkSchema,
    urlRicerca: z.string().nullish(),
    maintenance: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    cms: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    /**
     * NOT IN THE PUBLIC CONTRACT (issue #12): the absolute base URL of the forms module's front office (Moon,
     * `…/moonfobl`), where "Accedi al servizio" of a MOON service leads. Without it a MOON service has no online
     * access button (never a portal path that does not exist). The sandbox serves a stand-in for it.
     */
    urlModuli: z
      .string()
      .regex(/^https?:\/\//i)
      .nullish()
      .catch(null),
    /**
     * NOT IN THE PUBLIC CONTRACT (issue #24), optional: the municipality's main office (the town hall), the
     * address the structured data of a service falls back to when its office has none (received by video call).
     * An invalid value is dropped, not fatal.
     */
    sede: z
      .object({ nome: nonEmpty, via: nonEmpty, cap: nonEmpty, comune: nonEmpty })
      .loose()
      .nullish()
      .catch(null),
    /**
     * NOT IN THE PUBLIC CONTRACT (issue #24), optional: the texts of the pages the portal serves for a municipality
     * without a website of its own (`cms: false`), as plain-text paragraphs shown as sent. `privacy` replaces the
     * portal's default privacy notice; `noteLegali` is added to the legal notes after the licence section, whose
     * text is fixed by the Modello Comuni. Missing or invalid: the portal's default texts.
     */
    paginePortale: z
      .object({
        privacy: z.array(nonEmpty).min(1).nullish().catch(null),
        noteLegali: z.array(nonEmpty).min(1).nullish().catch(null),
      })
      .loose()
      .nullish()
      .catch(null),
    /**
     * NOT IN THE PUBLIC CONTRACT (issue #25), optional: the notification services' own names by code (Notify's
     * `service.name`, e.g. `valverde_anagrafe` → "Anagrafe e stato civile"), for a code no single service card
     * names (several cards share it, or none has it). Invalid: dropped, the cards' titles still apply.
     */
    nomiServiziNotifiche: z.record(z.string(), nonEmpty).nullish().catch(null),
  })
  .loose();
export type ComuneConfig = z.infer<typeof ComuneConfigSchema>;

/** `GET /api-public/configComune/menu`. */
export const MenuSchema = z
  .object({
    main: MenuListSchema,
    "menu-argomenti": MenuListSchema,
    "contatta-comune": MenuListSchema,
  })
  .loose()
  .transform((m) => ({ main: m.main, topics: m["menu-argomenti"], contacts: m["contatta-comune"] }));
export type Menu = z.infer<typeof MenuSchema>;

/** `GET /api-public/configComune/menufooter`. */
export const MenuFooterSchema = z
  .object({
    "menu-principale": MenuListSchema,
    "menu-contatti": MenuListSchema,
    "menu-footer": MenuListSchema,
  })
  .loose()
  .transform((m) => ({
    main: m["menu-principale"],
    contacts: m["menu-contatti"],
    smallPrint: m["menu-footer"],
  }));
export type MenuFooter = z.infer<typeof MenuFooterSchema>;

export const SocialChannelSchema = z
  .object({ url: z.string(), title: z.string(), class: z.string().nullish() })
  .loose();

/** `GET /api-public/configComune/contatti`. The body is HTML: the server sanitises it before it reaches a page. */
export const ContattiSchema = z
  .object({
    "blocco-contatti": z
      .object({ title: z.string().default(""), body: z.string().default("") })
      .loose()
      .nullish(),
    social: z
      .object({ title: z.string().default(""), channels: z.array(SocialChannelSchema).default([]) })
      .loose()
      .nullish(),
  })
  .loose()
  .transform((c) => ({
    block: c["blocco-contatti"] ?? { title: "", body: "" },
    social: c.social ?? { title: "", channels: [] },
  }));
export type Contatti = z.infer<typeof ContattiSchema>;

const CategorySchema = z.union([
  z.string().transform((nome) => ({ nome })),
  z.object({ id: z.union([z.number(), z.string()]).nullish(), nome: z.string().nullish() }).loose(),
]);
const CategoryFieldSchema = z
  .union([CategorySchema, z.array(CategorySchema)])
  .nullish()
  .transform((v) => (v == null ? [] : Array.isArray(v) ? v : [v]));

/**
 * One service of `GET /api-public/configComune/servizi`. The category arrives as `categoria_servizio`,
 * `categoriaServizio`, the typo `categoriaSevizio`, or the CMS list `categorie`; one value is wrapped into a list.
 */
export const ServizioSchema = z
  .object({
    id: z.union([z.number(), z.string()]).transform(String),
    nome: z.string(),
    descrizione: z.string().nullish(),
    categorie: CategoryFieldSchema,
    categoria_servizio: CategoryFieldSchema,
    categoriaServizio: CategoryFieldSchema,
    categoriaSevizio: CategoryFieldSchema,
    link_scheda: z.string().nullish(),
    link_servizio: z.string().nullish(),
    linkServizio: z.string().nullish(),
    servizio_attivo: z.boolean().nullish(),
    messaggio_manutenzione: z.string().nullish(),
  })
  .loose()
  .transform((s) => {
    const categories = [
      ...s.categorie,
      ...s.categoria_servizio,
      ...s.categoriaServizio,
      ...s.categoriaSevizio,
    ];
    return {
      id: s.id,
      nome: s.nome,
      descrizione: s.descrizione ?? "",
      categorie: categories.map((c) => c.nome?.trim() ?? "").filter((n, i, all) => n && all.indexOf(n) === i),
      linkScheda: s.link_scheda ?? null,
      linkServizio: s.linkServizio ?? s.link_servizio ?? null,
      attivo: s.servizio_attivo ?? true,
      /** Why the service is not active (`messaggio_manutenzione`), shown next to its status. */
      motivoStato: s.messaggio_manutenzione?.trim() || null,
    };
  });
export type Servizio = z.infer<typeof ServizioSchema>;
export const ServiziSchema = rowsOf(ServizioSchema);

const text = z.string().trim().min(1);

/**
 * NOT IN THE PUBLIC CONTRACT (issue #12): the contents of the Modello Comuni scheda servizio, which the public
 * `dettaglioServizi` does not carry (it only joins a service to its asset, form, office category, FAQ). The sandbox
 * sends them as `scheda` on each detail; a real upstream without them gives a card with only the sections it has data for.
 */
export const ServiceSheetSchema = z
  .object({
    /** "A chi è rivolto". */
    destinatari: text,
    /** "Come fare". */
    comeFare: text,
    /** "Cosa serve": one entry per item. */
    cosaServe: z.array(text).min(1),
    /** "Cosa si ottiene". */
    cosaSiOttiene: text,
    /** "Tempi e scadenze": a text and optional dated steps. */
    tempi: text,
    scadenze: z
      .array(z.object({ titolo: text, data: z.iso.date().nullish(), testo: z.string().nullish() }).loose())
      .default([]),
    /** "Quanto costa", only for a paid service. */
    costi: z.string().trim().min(1).nullish(),
    /** "Condizioni di servizio": the terms document. */
    condizioni: z.object({ titolo: text, url: z.string().regex(/^https?:\/\//i) }).loose(),
    /** The responsible office ("Contatti", `service-area`). An office reached by video call has no street address. */
    ufficio: z
      .object({
        nome: text,
        indirizzo: z.object({ via: text, cap: text, comune: text }).loose().nullish(),
        videochiamata: z
          .string()
          .regex(/^https:\/\//i)
          .nullish(),
        telefono: z.string().nullish(),
        email: z.string().nullish(),
        orari: z.string().nullish(),
      })
      .loose(),
    /** Topics ("Argomenti", `service-topic`) of the model's controlled vocabulary. */
    argomenti: z.array(text).min(1),
    /** Who the service is for, for the structured metadata (`audience.audienceType`). */
    pubblico: z.string().trim().min(1).nullish(),
    /** The service type for the structured metadata (`serviceType`); the category when missing. */
    tipo: z.string().trim().min(1).nullish(),
  })
  .loose();
export type ServiceSheet = z.infer<typeof ServiceSheetSchema>;

/**
 * One entry of `GET /api-public/configComune/dettaglioServizi`. The Java allows a null `titolo`: the portal then
 * names the card after its service (`withServiceTitles`).
 */
export const ServiceDetailSchema = z
  .object({
    id: z.number().nullish(),
    titolo: z
      .string()
      .nullish()
      .transform((v) => v?.trim() || ""),
    idServizio: z.union([z.number(), z.string()]).transform(String),
    moduloMoon: z.string().nullish(),
    idSportello: z.union([z.string(), z.number()]).nullish(),
    codiceNotifiche: z.string().nullish(),
    codiceAssistenza: z.string().nullish(),
    idFaq: z.number().nullish(),
    delegabile: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    noteDelega: z.string().nullish(),
    asset: z.object({ codice: z.string() }).loose().nullish(),
    /**
     * Not in the public contract (issue #10, our addition): a PPAY/MYPAY service's payment type (PPAY
     * `codiceVersamento`, MYPAY `codTipo`); `/servizi/pagamenti/:id` lists the positions of that type only.
     */
    codiceVersamento: z.string().trim().min(1).nullish().catch(null),
    /** Not in the public contract (see ServiceSheetSchema); an invalid sheet is dropped, not fatal. */
    scheda: ServiceSheetSchema.nullish().catch(null),
  })
  .loose();
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;
export const ServiceDetailsSchema = rowsOf(ServiceDetailSchema);

/** The service cards named: a card without a title of its own takes its service's name. */
export function withServiceTitles(dettagli: ServiceDetail[], servizi: Servizio[]): ServiceDetail[] {
  if (dettagli.every((d) => d.titolo)) return dettagli;
  return dettagli.map((d) =>
    d.titolo ? d : { ...d, titolo: servizi.find((s) => s.id === d.idServizio)?.nome ?? "" },
  );
}

/** Everything the portal knows about one municipality, assembled and cached by the server. */
export type TenantConfig = {
  comune: ComuneConfig;
  menu: Menu;
  menuFooter: MenuFooter;
  contatti: Contatti;
  servizi: Servizio[];
  dettagli: ServiceDetail[];
  /**
   * The services (or their cards) failed to load with nothing held (a cold start while the upstream fails): they are
   * shown empty, and a page must say they are unavailable, never that there are none or that one does not exist.
   */
  servicesUnavailable?: true;
  /** The tenants file's footer links, for an upstream that sends no footer menus (config/tenants.ts). */
  fileLinks?: { accessibilityDeclaration?: string; inefficiencyReport?: string };
};

/**
 * How a notification service (Notify's `service.name`, a message's `sender`) is shown to the citizen: the title of
 * the one service card whose `codiceNotifiche` is that code; where several cards share the code (or none has it),
 * the service's own name from `nomiServiziNotifiche`; else the first card's title; the code only when the
 * configuration names it nowhere.
 */
export function notifyServiceTitle(config: Pick<TenantConfig, "comune" | "dettagli">, code: string): string {
  const cards = config.dettagli.filter((detail) => detail.codiceNotifiche === code);
  if (cards.length === 1) return cards[0]!.titolo;
  return config.comune.nomiServiziNotifiche?.[code] ?? cards[0]?.titolo ?? code;
}

export function findAsset(config: Pick<TenantConfig, "comune">, code: AssetCode): Asset | undefined {
  return config.comune.assets.find((a) => a.codice === code);
}
