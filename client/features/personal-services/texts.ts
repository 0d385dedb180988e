/**
 * The personal-services part of the catalogue (`personalServices.*` keys, spread into `client/i18n/it.ts` and `en.ts`): Italian is
 * the source of the keys, English must have exactly the same ones.
 */
export const personalServicesIt = {} as const;

export const personalServicesEn: Record<keyof typeof personalServicesIt, string> = {};
