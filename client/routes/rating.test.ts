import { describe, expect, test } from "vitest";
import { validateRating, type RatingValidation } from "./rating.tsx";

const errorsOf = (result: RatingValidation) => (result.ok ? {} : result.errors);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

// The no-JavaScript post of the form, through the production build: server/render/rating-nojs.test.ts.
describe("validateRating", () => {
  test("an answer matching the stars is accepted", () => {
    for (const [rating, option] of [
      ["1", "negativo1"],
      ["3", "negativo4"],
      ["3", "altro"],
      ["4", "positivo2"],
      ["5", "altro"],
    ] as const) {
      const result = validateRating(form({ rating, option, details: "  ok  " }));
      expect(result, `${rating} ${option}`).toEqual({
        ok: true,
        values: { rating: Number(rating), option, details: "ok" },
      });
    }
  });

  test("no answer is refused, as the page asks for one (it used to count as 'altro')", () => {
    const result = validateRating(form({ rating: "4", followUp: "1" }));
    expect(result).toMatchObject({
      ok: false,
      errors: { option: "Scegli una delle risposte proposte." },
      values: { rating: 4, details: "" },
    });
    expect(result.values.option).toBeUndefined();
    expect(errorsOf(validateRating(form({ rating: "2", option: "" })))).toHaveProperty("option");
  });

  test("the first post without JavaScript (stars, no follow-up shown yet) is no mistake: no error", () => {
    expect(validateRating(form({ rating: "4" }))).toEqual({
      ok: false,
      errors: {},
      values: { rating: 4, option: undefined, details: "" },
    });
  });

  test("an answer of the other star group, or an unknown one, is refused and not echoed back", () => {
    expect(validateRating(form({ rating: "2", option: "positivo1" }))).toMatchObject({
      ok: false,
      errors: { option: "Scegli una delle risposte proposte." },
      values: { rating: 2, option: undefined },
    });
    expect(errorsOf(validateRating(form({ rating: "5", option: "negativo3" })))).toHaveProperty("option");
    const unknown = validateRating(form({ rating: "5", option: "<script>" }));
    expect(errorsOf(unknown)).toHaveProperty("option");
    expect(unknown.values.option).toBeUndefined();
  });

  test("the stars must be a whole number from 1 to 5; the answer is then checked only for being one", () => {
    for (const rating of ["", "0", "6", "2.5", "tre"]) {
      const result = validateRating(form({ rating, option: "positivo1" }));
      expect(errorsOf(result), rating).toEqual({ rating: "Scegli un punteggio da 1 a 5 stelle." });
      expect(result.values.rating).toBeUndefined();
    }
    expect(errorsOf(validateRating(form({ option: "" })))).toEqual({
      rating: "Scegli un punteggio da 1 a 5 stelle.",
      option: "Scegli una delle risposte proposte.",
    });
  });

  test("details over 200 characters are refused", () => {
    const result = validateRating(form({ rating: "5", option: "positivo1", details: "x".repeat(201) }));
    expect(errorsOf(result)).toEqual({ details: "Inserisci al massimo 200 caratteri." });
  });
});
