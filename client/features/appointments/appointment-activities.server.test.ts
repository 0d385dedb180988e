import { describe, expect, it } from "vitest";
import type { Appointment } from "#shared/api/appsched.ts";
import { createStubContext, stubAppsched } from "#tests/support/stub-request-context.ts";
import { loadAppointmentActivities, toAppointmentActivity } from "./appointment-activities.server.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const NOW = new Date("2026-11-23T10:00:00Z");

function appointment(id: string, start: string, status: string): Appointment {
  return {
    id,
    start,
    status,
    book: "2026-11-02T08:15:00Z",
    notes: "(1) Carta d'identità elettronica - Rinnovo",
    category: { id: "1", name: "Anagrafe" },
  } as Appointment;
}

describe("toAppointmentActivity", () => {
  it("an approved appointment ahead: sent and confirmed, the meeting is the current stage", () => {
    const activity = toAppointmentActivity(appointment("7", "2026-12-01 09:30:00", "APPROVATA"), "it", NOW);
    expect(activity.upcoming).toBe(true);
    expect(activity.changeable).toBe(true);
    expect(activity.bookedOn).toBe("02/11/2026");
    expect(activity.stages.map((s) => [s.label, s.state, s.date])).toEqual([
      ["appointments.stage.sent", "done", "02/11/2026"],
      ["appointments.stage.approved", "done", null],
      ["appointments.stage.meeting", "current", "01/12/2026"],
    ]);
  });

  it("a past approved appointment has been held and can no longer be changed", () => {
    const activity = toAppointmentActivity(appointment("8", "2026-11-02 09:30:00", "APPROVATA"), "it", NOW);
    expect(activity.upcoming).toBe(false);
    expect(activity.changeable).toBe(false);
    expect(activity.stages.at(-1)).toMatchObject({ label: "appointments.stage.held", state: "done" });
  });

  it("a waiting appointment shows the office's review as current; a cancelled one stops", () => {
    const waiting = toAppointmentActivity(appointment("9", "2026-12-01 09:30:00", "IN_ATTESA"), "it", NOW);
    expect(waiting.stages.map((s) => s.state)).toEqual(["done", "current", "todo"]);
    expect(waiting.statusLabel).toBe("In attesa");
    const cancelled = toAppointmentActivity(appointment("10", "2026-12-01 09:30:00", "ANNULLATA"), "it", NOW);
    expect(cancelled.stages.map((s) => [s.label, s.state])).toEqual([
      ["appointments.stage.sent", "done"],
      ["appointments.stage.cancelled", "stopped"],
    ]);
    expect(cancelled.changeable).toBe(false);
  });
});

describe("loadAppointmentActivities", () => {
  const list = [
    appointment("1", "2020-01-10 09:00:00", "APPROVATA"),
    appointment("2", "2099-01-10 09:00:00", "IN_ATTESA"),
    appointment("3", "2099-03-10 09:00:00", "APPROVATA"),
  ];

  it("asks for the citizen's own list, filters, sorts and cuts it", async () => {
    const asked: string[] = [];
    const { context } = createStubContext({
      appschedAuthenticated: stubAppsched({
        listAppointments: async (cf) => (asked.push(cf), list),
      }),
    });
    const upcoming = await loadAppointmentActivities(context, CITIZENS.ANNA, {
      filter: "upcoming",
      sort: "oldest",
      limit: 5,
    });
    expect(asked).toEqual([CITIZENS.ANNA]);
    expect(upcoming).toMatchObject({ status: "ok", total: 2 });
    expect(upcoming.status === "ok" && upcoming.items.map((a) => a.id)).toEqual(["2", "3"]);
    const cut = await loadAppointmentActivities(context, CITIZENS.ANNA, { limit: 1 });
    expect(cut.status === "ok" && [cut.items.map((a) => a.id), cut.total]).toEqual([["3"], 3]);
  });

  it("an upstream failure is a value the page words, not an error", async () => {
    const { context } = createStubContext({
      appschedAuthenticated: stubAppsched({
        listAppointments: () => Promise.reject(new Error("down")),
      }),
    });
    await expect(loadAppointmentActivities(context, "X", { limit: 5 })).resolves.toEqual({
      status: "failed",
    });
  });
});
