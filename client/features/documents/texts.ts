/**
 * The documents part of the catalogue (`documents.*` keys, spread into `client/i18n/it.ts` and `en.ts`): Italian is
 * the source of the keys, English must have exactly the same ones.
 */
export const documentsIt = {} as const;

export const documentsEn: Record<keyof typeof documentsIt, string> = {};
