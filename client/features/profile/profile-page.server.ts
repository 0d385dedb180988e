import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { findAsset } from "#shared/api/tenant-config.ts";
import { fromNotifySms, toNotifySms } from "#shared/api/notify.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { validateForm } from "#shared/validation/form.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { profileIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { parseForm } from "#client/lib/parse-form.server.ts";
import { getCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { contactFlow, readOwnState, type ContactState } from "./flow-state.ts";
import { buildPreferenceGroups, readPreferences, type PreferenceGroups } from "./preferences.ts";
import { checkCode, codeFormSchema, emailFormSchema, phoneText, sendCode } from "./profile.server.ts";

type Context = Readonly<RouterContextProvider>;
type Errors = Partial<Record<string, string>>;

export const PROFILE_MODES = ["email", "telefono", "elimina"] as const;
export type ProfileMode = (typeof PROFILE_MODES)[number];
export const PROFILE_OUTCOMES = [
  "contatti",
  "telefono-rimosso",
  "contatti-eliminati",
  "preferenze",
  "ricevute",
] as const;
export type ProfileOutcome = (typeof PROFILE_OUTCOMES)[number];

const profilePath = () => href("/area-personale/profilo-utente");
const modeHref = (mode: ProfileMode) => withQuery(profilePath(), { modifica: mode });
const outcomeHref = (outcome: ProfileOutcome, fragment?: string) =>
  withQuery(profilePath(), { esito: outcome }, fragment);

function pick<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export async function loadProfile(context: Context, url: URL) {
  const { api } = getServices(context);
  const [user, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
  const cf = user.codFisc;
  const identity = {
    nome: user.nome,
    cognome: user.cognome,
    codFisc: cf,
    email: user.email ?? null,
    phoneNumber: user.phoneNumber ?? null,
  };
  const outcome = pick(PROFILE_OUTCOMES, url.searchParams.get("esito"));
  const hasProfile = Boolean(user.contatti?.email);
  if (!hasProfile) return { identity, hasProfile: false as const, outcome };

  const mode = pick(PROFILE_MODES, url.searchParams.get("modifica"));
  const flow = readOwnState(contactFlow, getServices(context).flow, cf);
  const pendingKind = mode === "email" ? "EMAIL" : mode === "telefono" ? "SMS" : null;
  const pending = flow && flow.pending.kind === pendingKind ? flow.pending : null;
  const hasPpay = Boolean(findAsset(config, "PPAY"));

  const [profile, groups, receipts, terms, attemptsLeft] = await Promise.all([
    api.notify.getContacts(cf).catch(() => null),
    Promise.all([api.notify.getServices(), api.notify.getPreferences(cf)])
      .then(([services, preferences]): PreferenceGroups | null =>
        buildPreferenceGroups(services, preferences, config),
      )
      .catch(() => null),
    hasPpay ? api.receiptStorage.get(cf).catch(() => null) : Promise.resolve(null),
    api.notify.getTerms().catch(() => null),
    mode === "telefono" ? api.otp.smsAttemptsLeft(cf).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    identity,
    hasProfile: true as const,
    outcome,
    mode,
    pending,
    resent: url.searchParams.get("nuovo") === "1",
    cancelled: url.searchParams.get("annullato") === "1",
    contacts: {
      email: user.contatti?.email ?? "",
      phone: user.contatti?.sms ? fromNotifySms(user.contatti.sms) : null,
      language: profile?.language === "en_GB" ? ("en_GB" as const) : ("it_IT" as const),
    },
    termsAcceptedAt: profile?.terms?.accepted_at ?? null,
    terms,
    groups,
    hasPpay,
    receipts: receipts ? { flag: receipts.flag, since: receipts.dataUltimaVariazione ?? null } : null,
    attemptsLeft,
  };
}

export async function profileAction(context: Context, request: Request) {
  const t = serverT(context, profileIt);
  const services = getServices(context);
  const { api, flow, log } = services;
  const user = await getCitizen(context);
  const cf = user.codFisc;
  const { form } = await parseForm(request, context, z.object({}));
  const validate = <S extends z.ZodType>(schema: S) => validateForm(form, schema, services.locale);
  const intent = form.get("intent");
  const failed = (message: string, values: Record<string, string> = {}, status = 502) =>
    data({ errors: { form: message } as Errors, values }, { status });

  switch (intent) {
    case "preferences": {
      try {
        const notifyServices = await api.notify.getServices();
        await api.notify.updatePreferences(cf, readPreferences(form, notifyServices));
      } catch (error) {
        if (!isUpstreamFailure(error)) throw error;
        return failed(t("profile.preferences.saveFailed"));
      }
      return redirect(outcomeHref("preferenze", "preferenze"));
    }
    case "receipts": {
      try {
        await api.receiptStorage.set(cf, form.get("receipts") === "on");
      } catch (error) {
        if (!isUpstreamFailure(error)) throw error;
        return failed(t("profile.receipts.saveFailed"));
      }
      return redirect(outcomeHref("ricevute", "pagamenti"));
    }
    case "remove-phone": {
      try {
        await api.notify.updateContacts(cf, { sms: null });
      } catch (error) {
        if (!isUpstreamFailure(error)) throw error;
        return failed(t("profile.contacts.saveFailed"));
      }
      return redirect(outcomeHref("telefono-rimosso", "contatti"));
    }
    case "delete": {
      try {
        await api.notify.deleteUser(cf);
      } catch (error) {
        if (!isUpstreamFailure(error)) throw error;
        return failed(t("profile.contacts.saveFailed"));
      }
      return redirect(outcomeHref("contatti-eliminati"), {
        headers: contactFlow.clear(flow),
      });
    }
    case "change-email":
    case "change-phone": {
      const isEmail = intent === "change-email";
      const parsed = isEmail
        ? validate(emailFormSchema(t))
        : validate(z.object({ phone: phoneText(t, true) }));
      if (!parsed.ok)
        return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
      const contact = "email" in parsed.values ? parsed.values.email : parsed.values.phone;
      const sent = await sendCode(context, cf, isEmail ? "EMAIL" : "SMS", contact);
      if ("error" in sent)
        return failed(sent.error, Object.fromEntries(form) as Record<string, string>, sent.status);
      const state: ContactState = { v: 1, cf, pending: sent.pending };
      return redirect(modeHref(isEmail ? "email" : "telefono"), {
        headers: contactFlow.save(flow, state),
      });
    }
    case "verify":
    case "resend":
    case "change": {
      const state = readOwnState(contactFlow, flow, cf);
      if (!state) return redirect(profilePath());
      const mode: ProfileMode = state.pending.kind === "EMAIL" ? "email" : "telefono";
      if (intent === "change") {
        return redirect(modeHref(mode), { headers: contactFlow.clear(flow) });
      }
      if (intent === "resend") {
        const sent = await sendCode(context, cf, state.pending.kind, state.pending.contact, state.pending);
        if ("error" in sent) return failed(sent.error, {}, sent.status);
        return redirect(withQuery(profilePath(), { modifica: mode, nuovo: 1 }), {
          headers: contactFlow.save(flow, { ...state, pending: sent.pending }),
        });
      }
      const parsed = validate(codeFormSchema(t));
      if (!parsed.ok)
        return data({ errors: parsed.errors as Errors, values: parsed.submitted }, { status: 400 });
      const problem = await checkCode(context, cf, state.pending, parsed.values.code);
      if (problem?.discarded) {
        // Too many wrong codes: the pending change is gone; the contact's form again, saying why.
        return redirect(withQuery(profilePath(), { modifica: mode, annullato: 1 }), {
          headers: contactFlow.clear(flow),
        });
      }
      if (problem)
        return data(
          { errors: { [problem.field]: problem.message } as Errors, values: {} },
          { status: problem.status },
        );
      try {
        const { kind, contact } = state.pending;
        await api.notify.updateContacts(
          cf,
          kind === "EMAIL" ? { email: contact } : { sms: toNotifySms(contact) },
        );
      } catch (error) {
        if (!isUpstreamFailure(error)) throw error;
        log.warn({ err: error }, "contacts update failed");
        return failed(t("profile.contacts.saveFailed"));
      }
      return redirect(outcomeHref("contatti", "contatti"), {
        headers: contactFlow.clear(flow),
      });
    }
    default:
      return redirect(profilePath());
  }
}
