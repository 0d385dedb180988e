import { describe, expect, it } from "vitest";
import { holdingState } from "#tests/support/flow-cookies.ts";
import { spontaneousFlows, type SpontaneousState } from "./flow-state.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const payer = {
  kind: "F" as const,
  firstName: "A",
  lastName: "B",
  taxCode: CITIZENS.MARIO,
  email: "a@b.it",
};

const flow = spontaneousFlows.ppay;
const reachableStep = (asked: string | null, state: SpontaneousState | undefined) =>
  flow.resolveStep(asked, state ?? { v: 1 });
/** What the flow reads from a cookie holding `raw` (already opened). */
const readState = (raw: unknown) => flow.read(holdingState(raw)).state;

describe("spontaneous flow state", () => {
  it("never lets the URL skip a step", () => {
    expect(reachableStep("riepilogo", undefined)).toBe("privacy");
    expect(reachableStep("importo", { v: 1, privacy: true })).toBe("tipologia");
    const full = {
      v: 1 as const,
      privacy: true as const,
      type: { code: "X", label: "X" },
      payer,
      amountCents: 100,
    };
    expect(flow.firstIncomplete(full)).toBe("riepilogo");
    expect(reachableStep("dati", full)).toBe("dati");
    expect(reachableStep("nonsense", full)).toBe("riepilogo");
  });

  it("treats a state failing the schema as absent", () => {
    expect(readState({ v: 1, amountCents: -1 })).toBeUndefined();
    expect(readState("tampered")).toBeUndefined();
    expect(readState({ v: 1, payer })).toEqual({ v: 1, payer });
  });
});
