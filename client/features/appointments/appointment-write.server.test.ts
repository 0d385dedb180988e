import { expect, test } from "vitest";
import { routeError } from "#shared/route-error.ts";
import { appointmentSlotInput, writeAppointment, type WritingFlow } from "./appointment-write.server.ts";
import { getAppointmentErrorKind } from "./errors.ts";
import { createBookingState, type BookingState } from "./flow-state.ts";

// Upstream refusals the sandbox gives only by chance (a 400 with a reason, a 404 on update) are injected here; the
// booking flow against the sandbox is in booking-routes.test.ts.

const state: BookingState = { ...createBookingState(), officeId: "13", day: "2027-03-02", time: "09:30" };
const saved: BookingState[] = [];
const flow: WritingFlow<BookingState> = {
  state,
  dateStepHref: (query) => `/data?${new URLSearchParams(query as Record<string, string>)}`,
  saveState: (kept) => {
    saved.push(kept);
    return new Headers({ "Set-Cookie": "flow=sealed" });
  },
  locale: "it",
};
const failing =
  (status: number, details: string[] = []) =>
  () =>
    Promise.reject(routeError(status, { title: "", details, service: "appsched" }));

test("both flows send the same slot fields", () => {
  const slot = { officeId: "13", day: "2027-03-02", time: "09:30", details: "Rata" };
  expect(appointmentSlotInput(slot, { id: "7", name: "IMU" })).toEqual({
    start: "2027-03-02 09:30:00",
    notes: "(7) IMU - Rata",
    providerId: "any-provider",
    serviceId: "13",
  });
});

test("a write that goes through gives back what the upstream answered", async () => {
  expect(await writeAppointment(async () => ({ id: "1" }), flow)).toEqual({ written: { id: "1" } });
});

test("a slot taken meanwhile (422) goes back to the date step on the same day, the time dropped", async () => {
  const outcome = await writeAppointment(failing(422), flow);
  const answer = "answer" in outcome ? (outcome.answer as Response) : null;
  expect(answer?.status).toBe(302);
  expect(answer?.headers.get("Location")).toBe("/data?giorno=2027-03-02&avviso=orario-occupato&da=riepilogo");
  expect(answer?.headers.get("Set-Cookie")).toBe("flow=sealed");
  const { time: _time, ...kept } = state;
  expect(saved.at(-1)).toEqual(kept);
});

test("data the upstream refuses (400) is shown on the summary with the upstream's reason", async () => {
  const outcome = await writeAppointment(failing(400, ["Orario fuori dall'apertura"]), flow);
  expect("answer" in outcome && outcome.answer).toMatchObject({
    data: { intent: "riepilogo", errors: { form: expect.stringMatching(/: Orario fuori dall'apertura$/) } },
    init: { status: 400 },
  });
});

test("an appointment the upstream no longer knows (404 on update) is the flow's not-found error", async () => {
  const thrown = await writeAppointment(failing(404), { ...flow, missing: "link-not-found" }).catch((e) => e);
  expect(getAppointmentErrorKind(thrown)).toBe("link-not-found");
});

test("other failures go on to the error boundary", async () => {
  const thrown = await writeAppointment(failing(502), flow).catch((e: unknown) => e);
  expect(getAppointmentErrorKind(thrown)).toBeNull();
  expect(thrown).toMatchObject({ data: { status: 502 } });
});
