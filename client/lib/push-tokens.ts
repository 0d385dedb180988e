/**
 * A browser's push token in the citizen's Notify contacts (`contatti.push`: service name → tokens; spec §4, issues
 * #29 and #36). Pure: what the contacts become, the caller writes them.
 */

/** The upstream refuses a service with more tokens than this (a PUT with a 21st answers 400). */
export const PUSH_TOKENS_PER_SERVICE = 20;

/**
 * The push contacts with `token` added to every notification service that does not hold it yet (spec §4: "for each
 * notify service whose `contatti.push[service.name]` lacks the token, append it"); `replaces` (this browser's previous
 * token, renewed by the messaging service) is taken out of every service, and a service already holding the limit
 * drops its oldest tokens, so tokens never pile up to the upstream's refusal. `changed` says whether to write them.
 */
export function addPushToken(
  current: Record<string, string[]>,
  serviceNames: readonly string[],
  token: string,
  replaces: string | null = null,
): { push: Record<string, string[]>; added: number; changed: boolean } {
  const removed = replaces && replaces !== token ? removePushToken(current, replaces) : null;
  const push: Record<string, string[]> = { ...(removed?.push ?? current) };
  let added = 0;
  for (const name of serviceNames) {
    const tokens = push[name] ?? [];
    if (tokens.includes(token)) continue;
    push[name] = [...tokens, token].slice(-PUSH_TOKENS_PER_SERVICE);
    added += 1;
  }
  return { push, added, changed: added > 0 || (removed?.changed ?? false) };
}

/** The push contacts without `token` in any service (a logout: this browser no longer receives them). */
export function removePushToken(
  current: Record<string, string[]>,
  token: string,
): { push: Record<string, string[]>; changed: boolean } {
  let changed = false;
  const push: Record<string, string[]> = {};
  for (const [name, tokens] of Object.entries(current)) {
    const kept = tokens.filter((t) => t !== token);
    if (kept.length !== tokens.length) changed = true;
    push[name] = kept;
  }
  return { push, changed };
}
