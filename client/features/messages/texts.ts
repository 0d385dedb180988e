/**
 * The messages part of the catalogue (`messages.*` keys, spread into `client/i18n/it.ts` and `en.ts`): Italian is
 * the source of the keys, English must have exactly the same ones.
 */
export const messagesIt = {} as const;

export const messagesEn: Record<keyof typeof messagesIt, string> = {};
