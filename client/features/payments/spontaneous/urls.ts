import { href, pagePathname } from "#client/lib/links.ts";
import type { SpontaneousMode, SystemSegment } from "./flow-state.ts";

/** `/servizi/{ppay|mypay}/pagamento-spontaneo[/online|/avviso-pagamento]`: which system and which way to pay. */
export function readLocation(url: URL): { system: SystemSegment; mode: SpontaneousMode | null } {
  const [, , segment, , last] = pagePathname(url).split("/");
  const system: SystemSegment = segment === "mypay" ? "mypay" : "ppay";
  const mode = last === "online" ? "online" : last === "avviso-pagamento" ? "notice" : null;
  return { system, mode };
}

export function spontaneousHref(system: SystemSegment, mode: SpontaneousMode | null): string {
  if (system === "mypay") {
    if (mode === "online") return href("/servizi/mypay/pagamento-spontaneo/online");
    if (mode === "notice") return href("/servizi/mypay/pagamento-spontaneo/avviso-pagamento");
    return href("/servizi/mypay/pagamento-spontaneo");
  }
  if (mode === "online") return href("/servizi/ppay/pagamento-spontaneo/online");
  if (mode === "notice") return href("/servizi/ppay/pagamento-spontaneo/avviso-pagamento");
  return href("/servizi/ppay/pagamento-spontaneo");
}

/** The home's `?esito=` after a creation whose answer never came (`&modo=online|notice`): the page says so. */
export const UNSURE_OUTCOME = "incerto";
