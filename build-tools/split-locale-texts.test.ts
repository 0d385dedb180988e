import { describe, expect, test } from "vitest";
import { ENGLISH_QUERY, isEnglishCatalogue, isFeatureTexts, splitLocaleTexts } from "./split-locale-texts.ts";

describe("splitLocaleTexts", () => {
  test("only the English catalogue's imports are redirected", () => {
    expect(isEnglishCatalogue("/work/main/client/i18n/en.ts")).toBe(true);
    expect(isEnglishCatalogue("C:\\portal\\client\\i18n\\en.ts")).toBe(true);
    expect(isEnglishCatalogue("/work/main/client/i18n/it.ts")).toBe(false);
    expect(isEnglishCatalogue("/work/main/client/features/faq/en.ts")).toBe(false);
    expect(isEnglishCatalogue(undefined)).toBe(false);
    expect(isEnglishCatalogue(`/work/main/client/features/payments/texts.ts${ENGLISH_QUERY}`)).toBe(true);
    expect(isEnglishCatalogue("/work/main/client/features/payments/texts.ts")).toBe(false);
  });

  test("feature texts modules are recognised by alias or by path", () => {
    expect(isFeatureTexts("#client/features/tickets/texts.ts")).toBe(true);
    expect(isFeatureTexts("../features/personal-area/texts.ts")).toBe(true);
    expect(isFeatureTexts("./spontaneous/texts.ts")).toBe(true);
    expect(isFeatureTexts("#client/features/tickets/ticket-view.ts")).toBe(false);
    expect(isFeatureTexts("#client/features/tickets/texts.test.ts")).toBe(false);
    expect(isFeatureTexts("./it.ts")).toBe(false);
  });

  test("the English copy is a second module id for the same file, in the client build only", async () => {
    const plugin = splitLocaleTexts();
    expect(plugin.apply).toBe("build");
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: "client" })).toBe(true);
    expect(applies({ name: "ssr" })).toBe(false);
    const resolveId = plugin.resolveId as (
      this: unknown,
      source: string,
      importer: string | undefined,
      options: object,
    ) => Promise<unknown>;
    const context = {
      resolve: async (source: string) => ({ id: `/work/main/client/${source.replace("#client/", "")}` }),
    };
    await expect(
      resolveId.call(context, "#client/features/tickets/texts.ts", "/work/main/client/i18n/en.ts", {}),
    ).resolves.toEqual({ id: `/work/main/client/features/tickets/texts.ts${ENGLISH_QUERY}` });
    await expect(
      resolveId.call(context, "#client/features/tickets/texts.ts", "/work/main/client/i18n/it.ts", {}),
    ).resolves.toBeNull();
    await expect(
      resolveId.call(context, "#shared/locale.ts", "/work/main/client/i18n/en.ts", {}),
    ).resolves.toBeNull();
  });
});
