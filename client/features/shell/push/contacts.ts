/**
 * The push contacts with `token` added to every notification service that does not hold it yet (spec §4: "for each
 * notify service whose `contatti.push[service.name]` lacks the token, append it"); `added` counts those services.
 */
export function addPushToken(
  current: Record<string, string[]>,
  serviceNames: readonly string[],
  token: string,
): { push: Record<string, string[]>; added: number } {
  const push: Record<string, string[]> = { ...current };
  let added = 0;
  for (const name of serviceNames) {
    const tokens = push[name] ?? [];
    if (tokens.includes(token)) continue;
    push[name] = [...tokens, token];
    added += 1;
  }
  return { push, added };
}
