import { MOON_STATUS_CODES, type Istanza } from "#shared/api/moon.ts";
import type { TextKey } from "#client/i18n/i18n-context.tsx";
import type { instancesIt } from "./texts.ts";

export const INSTANCES_PAGE = 5;
const MAX_SHOWN = 100;

/** The query words of the "Pratiche" section (Italian, as the citizen sees them in the address). */
export type InstancesQuery = { stato: "tutte" | "bozze" | "inviate"; pratiche: number };
export const INSTANCE_QUERY_NAMES = ["stato-pratica", "pratiche", "duplicata", "eliminata"] as const;

export function readInstancesQuery(url: URL): InstancesQuery {
  const stato = url.searchParams.get("stato-pratica");
  const count = Number.parseInt(url.searchParams.get("pratiche") ?? "", 10);
  return {
    stato: stato === "bozze" || stato === "inviate" ? stato : "tutte",
    pratiche: Number.isInteger(count) && count > 0 ? Math.min(count, MAX_SHOWN) : INSTANCES_PAGE,
  };
}

/** The address words of a query (defaults left out), for the paging links. */
export function instancesQueryWords(query: InstancesQuery): Record<string, string | number | undefined> {
  return {
    "stato-pratica": query.stato === "tutte" ? undefined : query.stato,
    pratiche: query.pratiche === INSTANCES_PAGE ? undefined : query.pratiche,
  };
}

type StageKey = TextKey<typeof instancesIt>;
type StatusKey = `instances.status.${(typeof MOON_STATUS_CODES)[number]}`;
const isKnownStatus = (code: string): code is (typeof MOON_STATUS_CODES)[number] =>
  (MOON_STATUS_CODES as readonly string[]).includes(code);
const STAGES: readonly StageKey[] = [
  "instances.stage.draft",
  "instances.stage.sent",
  "instances.stage.review",
  "instances.stage.closed",
];
/** Which of the stages (draft, sent, under review, closed) a status code has reached; unknown codes: sent. */
const STAGE_OF: Record<string, number> = {
  BOZZA: 0,
  INVIATA: 1,
  PUB: 1,
  IN_ISTRUTTORIA: 2,
  APPROVATA: 3,
  COMPLETATA: 3,
};

export type InstanceView = {
  code: string;
  title: string;
  created: string;
  /** The portal's own words for the contract's codes (translated), the module's description for any other. */
  status: { code: string; label: StatusKey | null; text: string };
  draft: boolean;
  stages: { label: StageKey; state: "done" | "current" | "todo" }[];
  /** The forms front office: complete the draft, or the detail of a sent instance (null without `urlModuli`). */
  frontOffice: string | null;
};

export function toInstanceView(istanza: Istanza, frontOffice: (code: string) => string | null): InstanceView {
  const reached = STAGE_OF[istanza.stato.codice] ?? 1;
  return {
    code: istanza.codiceIstanza,
    title: istanza.modulo.descrizioneModulo,
    created: istanza.created,
    status: {
      code: istanza.stato.codice,
      label: isKnownStatus(istanza.stato.codice) ? `instances.status.${istanza.stato.codice}` : null,
      text: istanza.stato.descrizione,
    },
    draft: istanza.stato.codice === "BOZZA",
    stages: STAGES.map((label, index) => ({
      label,
      state: index < reached ? "done" : index === reached ? "current" : "todo",
    })),
    frontOffice: frontOffice(istanza.codiceIstanza),
  };
}

export type InstanceActivities =
  { status: "ok"; items: InstanceView[]; total: number } | { status: "failed" };
