import { createSealer, type Sealer, type SealingSecrets } from "#server/security/seal.ts";
import { PORTAL_COOKIES } from "#shared/portal-cookies.ts";
import { clearPortalCookie, setPortalCookie, type CookieSecurity } from "#server/security/cookies.ts";

const NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_COOKIE = 3800;

export function flowCookieName(name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid flow name ${name}`);
  return `${PORTAL_COOKIES.flow.name}${name}`;
}

/**
 * Sealed per-flow state cookies (see RequestServices.flow), set with the registry's flags. A flow sealed under a
 * previous secret still reads (a rotation breaks no flow in progress); its next step is written with the current one.
 */
export function createFlowState(secrets: string | SealingSecrets) {
  const sealers = new Map<string, Sealer>();
  const sealerFor = (name: string) => {
    let sealer = sealers.get(name);
    if (!sealer) sealers.set(name, (sealer = createSealer(secrets, `flow:${name}`)));
    return sealer;
  };
  return (cookies: Record<string, string | undefined>, security: CookieSecurity) => ({
    read(name: string): unknown {
      const raw = cookies[flowCookieName(name)];
      if (raw === undefined || raw === "") return undefined;
      const opened = sealerFor(name).unseal(raw);
      if (opened === undefined) return "tampered";
      try {
        return JSON.parse(opened) as unknown;
      } catch {
        return "tampered";
      }
    },
    write(name: string, value: unknown, options: { expires?: Date } = {}): string {
      const sealed = sealerFor(name).seal(JSON.stringify(value));
      if (sealed.length > MAX_COOKIE) throw new Error(`flow state ${name} too large`);
      return setPortalCookie("flow", sealed, { ...security, ...options, name: flowCookieName(name) });
    },
    clear(name: string): string {
      return clearPortalCookie("flow", { ...security, name: flowCookieName(name) });
    },
  });
}
