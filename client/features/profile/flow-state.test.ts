import { expect, test } from "vitest";
import { holdingState } from "#tests/support/flow-cookies.ts";
import {
  areContactsVerified,
  newWizardState,
  nextToVerify,
  readOwnState,
  withVerified,
  wizardFlow,
  type WizardState,
} from "./flow-state.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const resolveWizardStep = (requested: string | null, state: WizardState) =>
  wizardFlow.resolveStep(requested, state);
/** A cookie holding `raw` (already opened). */
const holding = (raw: unknown) => holdingState(raw);

const cf = CITIZENS.LUCA;
const pending = {
  kind: "EMAIL" as const,
  contact: "l@example.it",
  ticket: "1",
  expires: "2027-03-01T09:05:00Z",
};

test("steps open one after the other", () => {
  const start = newWizardState(cf);
  expect(resolveWizardStep("riepilogo", start)).toBe("informativa");
  const accepted = { ...start, accepted: true, email: "l@example.it" };
  expect(resolveWizardStep("preferenze", accepted)).toBe("contatti");
  const verified = withVerified({ ...accepted, pending }, pending);
  expect(verified.pending).toBeUndefined();
  expect(areContactsVerified(verified)).toBe(true);
  expect(resolveWizardStep("riepilogo", verified)).toBe("preferenze");
  expect(resolveWizardStep("riepilogo", { ...verified, preferences: {} })).toBe("riepilogo");
  expect(resolveWizardStep("informativa", { ...verified, preferences: {} })).toBe("informativa");
});

test("a changed e-mail or a new phone must be verified again", () => {
  const verified = {
    ...newWizardState(cf),
    accepted: true,
    email: "a@example.it",
    verifiedEmail: "a@example.it",
  };
  expect(nextToVerify(verified)).toBeNull();
  expect(nextToVerify({ ...verified, email: "b@example.it" })).toEqual({
    kind: "EMAIL",
    contact: "b@example.it",
  });
  expect(nextToVerify({ ...verified, phone: "3331234567" })).toEqual({ kind: "SMS", contact: "3331234567" });
  expect(areContactsVerified({ ...verified, phone: "3331234567" })).toBe(false);
});

test("a state of another citizen or of a wrong shape is not used", () => {
  const state = { ...newWizardState(cf), accepted: true };
  expect(readOwnState(wizardFlow, holding(state), cf)).toEqual(state);
  expect(readOwnState(wizardFlow, holding(state), CITIZENS.MARIO)).toBeUndefined();
  expect(readOwnState(wizardFlow, holding("tampered"), cf)).toBeUndefined();
  expect(readOwnState(wizardFlow, holding({ ...state, verifiedEmail: 5 }), cf)).toBeUndefined();
});
