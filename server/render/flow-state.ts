import { serialize } from "cookie";
import { createSealer, type Sealer } from "#server/security/seal.ts";

const NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_COOKIE = 3800;

export function flowCookieName(name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid flow name ${name}`);
  return `flow_${name}`;
}

/** Sealed per-flow state cookies (see RequestServices.flow). */
export function createFlowState(secret: string, secure: boolean) {
  const sealers = new Map<string, Sealer>();
  const sealerFor = (name: string) => {
    let sealer = sealers.get(name);
    if (!sealer) sealers.set(name, (sealer = createSealer(secret, `flow:${name}`)));
    return sealer;
  };
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
  return (cookies: Record<string, string | undefined>) => ({
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
    write(name: string, value: unknown): string {
      const sealed = sealerFor(name).seal(JSON.stringify(value));
      if (sealed.length > MAX_COOKIE) throw new Error(`flow state ${name} too large`);
      return serialize(flowCookieName(name), sealed, options);
    },
    clear(name: string): string {
      return serialize(flowCookieName(name), "", { ...options, maxAge: 0 });
    },
  });
}
