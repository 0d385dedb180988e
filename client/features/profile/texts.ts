/**
 * The profile part of the catalogue (`profile.*` keys, spread into `client/i18n/it.ts` and `en.ts`): Italian is
 * the source of the keys, English must have exactly the same ones.
 */
export const profileIt = {} as const;

export const profileEn: Record<keyof typeof profileIt, string> = {};
