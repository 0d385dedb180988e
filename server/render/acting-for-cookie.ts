import { createSealer, type SealingSecrets } from "#server/security/seal.ts";
import { PORTAL_COOKIES, sealedMaxAgeOf } from "#shared/portal-cookies.ts";
import { clearPortalCookie, setPortalCookie, type CookieSecurity } from "#server/security/cookies.ts";

const MAX_COOKIE = 3800;

/** The sealed acting-for cookie (RequestServices.actingFor), with the registry's flags; a session cookie. */
export function createActingForCookie(secrets: string | SealingSecrets) {
  const sealer = createSealer(secrets, "acting-for", { maxAgeS: sealedMaxAgeOf("actingFor") });
  const name = PORTAL_COOKIES.actingFor.name;
  return (cookies: Record<string, string | undefined>, security: CookieSecurity) => ({
    read(): unknown {
      const raw = cookies[name];
      if (raw === undefined || raw === "") return undefined;
      const opened = sealer.unseal(raw);
      if (opened === undefined) return "tampered";
      try {
        return JSON.parse(opened) as unknown;
      } catch {
        return "tampered";
      }
    },
    write(value: unknown): string {
      const sealed = sealer.seal(JSON.stringify(value));
      if (sealed.length > MAX_COOKIE) throw new Error("acting-for state too large");
      return setPortalCookie("actingFor", sealed, security);
    },
    clear: () => clearPortalCookie("actingFor", security),
  });
}
