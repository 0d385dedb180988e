import { FormError } from "#client/components/ui/field-parts.tsx";
import { Form, Link, useLocation } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useFocusOnChange } from "#client/components/ui/use-focus-on-change.ts";
import { useContentLang, useLocale, useT, type TextKey } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import type { PendingOtp } from "./flow-state.ts";
import { OtpForm } from "./otp-form.tsx";
import { PreferencesFields } from "./preferences-fields.tsx";
import type { PreferenceGroups } from "./preferences.ts";
import { ProfileLayout } from "./profile-layout.tsx";

type Identity = {
  nome: string;
  cognome: string;
  codFisc: string;
  email: string | null;
  phoneNumber: string | null;
};
type Outcome = "contatti" | "telefono-rimosso" | "contatti-eliminati" | "preferenze" | "ricevute";

export type ProfileData =
  | { identity: Identity; hasProfile: false; outcome: Outcome | null }
  | {
      identity: Identity;
      hasProfile: true;
      outcome: Outcome | null;
      mode: "email" | "telefono" | "elimina" | null;
      pending: PendingOtp | null;
      resent: boolean;
      /** The pending verification was discarded after too many wrong codes. */
      cancelled: boolean;
      contacts: { email: string; phone: string | null; language: "it_IT" | "en_GB" };
      termsAcceptedAt: string | null;
      terms: string | null;
      groups: PreferenceGroups | null;
      hasPpay: boolean;
      receipts: { flag: boolean; since: string | null } | null;
      attemptsLeft: number | null;
    };
type WithProfile = Extract<ProfileData, { hasProfile: true }>;

export type ProfileActionData = { errors: Partial<Record<string, string>>; values: Record<string, unknown> };

const OUTCOME_TEXTS: Record<Outcome, TextKey<typeof profileIt>> = {
  contatti: "profile.contacts.saved",
  "telefono-rimosso": "profile.contacts.phoneRemoved",
  "contatti-eliminati": "profile.contacts.deleted",
  preferenze: "profile.preferences.saved",
  ricevute: "profile.receipts.saved",
};

const profilePath = href("/area-personale/profilo-utente");
const modeHref = (mode: "email" | "telefono" | "elimina") => withQuery(profilePath, { modifica: mode });

function text(values: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = values?.[name];
  return typeof value === "string" ? value : undefined;
}

function IdentityData({ identity }: { identity: Identity }) {
  const t = useT(profileIt);
  const rows: Array<[TextKey<typeof profileIt>, string | null]> = [
    ["profile.identity.name", identity.nome],
    ["profile.identity.surname", identity.cognome],
    ["profile.identity.fiscalCode", identity.codFisc],
    ["profile.identity.email", identity.email],
    ["profile.identity.phone", identity.phoneNumber],
  ];
  return (
    <section className="mb-5" aria-labelledby="dati-identita">
      <h2 id="dati-identita" className="h4">
        {t("profile.identity.heading")}
      </h2>
      <p>{t("profile.identity.lead")}</p>
      <dl className="row mb-0">
        {rows.map(([label, value]) => (
          <div key={label} className="col-12 col-md-6 mb-2">
            <dt className="fw-semibold">{t(label)}</dt>
            <dd className="mb-0">{value ?? t("profile.identity.none")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The outcomes said inside the section that was saved (the others above the page's content). */
const SECTION_OUTCOMES: Partial<Record<Outcome, "preferenze" | "pagamenti">> = {
  preferenze: "preferenze",
  ricevute: "pagamenti",
};
const OUTCOME_ID = "profilo-esito";

/**
 * What was just saved: where it was saved (a section's form) or above the content, and focused once it comes (the
 * page stays, only its address changes): at the top of the page, and far from a section's "Salva", it was out of
 * sight and, added with its container, often not read out.
 */
function Outcome({ outcome, section }: { outcome: Outcome | null; section?: "preferenze" | "pagamenti" }) {
  const t = useT(profileIt);
  if (!outcome || SECTION_OUTCOMES[outcome] !== section) return null;
  return (
    <div id={OUTCOME_ID} className="alert alert-success" role="status" tabIndex={-1}>
      {t(OUTCOME_TEXTS[outcome])}
    </div>
  );
}

/** Moves the focus to the outcome whenever a save brings one (the same outcome twice too: each is a navigation). */
function useOutcomeFocus(outcome: Outcome | null) {
  const location = useLocation();
  useFocusOnChange(`${outcome}|${location.key}`, () =>
    outcome ? document.getElementById(OUTCOME_ID) : null,
  );
}

function CancelLink() {
  const t = useT(profileIt);
  return (
    <Link className="btn btn-outline-primary" to={withQuery(profilePath, {}, "contatti")}>
      {t("profile.cancel")}
    </Link>
  );
}

function EmailChange({ data, action }: { data: WithProfile; action?: ProfileActionData }) {
  const t = useT(profileIt);
  const errors = action?.errors ?? {};
  const { field, summary } = formFields({
    idPrefix: "profile",
    values: {
      email: text(action?.values, "email") ?? "",
      emailRepeat: text(action?.values, "emailRepeat") ?? "",
    },
    errors,
    labels: { email: t("profile.email.label"), emailRepeat: t("profile.email.repeat") },
  });
  return (
    <section aria-labelledby="modifica-email">
      <h2 id="modifica-email" className="h4">
        {t("profile.email.heading")}
      </h2>
      {data.pending ? (
        <OtpForm pending={data.pending} action={modeHref("email")} errors={errors} resent={data.resent} />
      ) : (
        <>
          <ErrorSummary items={summary} />
          <FormError message={errors.form ?? (data.cancelled ? t("profile.otp.tooManyTries") : undefined)} />
          <Form method="post" action={modeHref("email")} noValidate>
            <XsrfField />
            <input type="hidden" name="intent" value="change-email" />
            <TextField {...field("email")} type="email" autoComplete="email" required />
            <TextField {...field("emailRepeat")} type="email" autoComplete="email" required />
            <div className="d-flex flex-wrap gap-3">
              <CancelLink />
              <SubmitButton>{t("profile.wizard.next")}</SubmitButton>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

function PhoneChange({ data, action }: { data: WithProfile; action?: ProfileActionData }) {
  const t = useT(profileIt);
  const errors = action?.errors ?? {};
  const noAttempts = data.attemptsLeft === 0;
  const { field, summary } = formFields({
    idPrefix: "profile",
    values: { phone: text(action?.values, "phone") ?? data.contacts.phone ?? "" },
    errors,
    labels: { phone: t("profile.phone.labelRequired") },
  });
  return (
    <section aria-labelledby="modifica-telefono">
      <h2 id="modifica-telefono" className="h4">
        {t("profile.phone.heading")}
      </h2>
      {data.pending ? (
        <OtpForm
          pending={data.pending}
          action={modeHref("telefono")}
          errors={errors}
          attemptsLeft={data.attemptsLeft}
          resent={data.resent}
        />
      ) : (
        <>
          {data.attemptsLeft !== null ? (
            <p>
              {noAttempts
                ? t("profile.phone.noAttempts")
                : t("profile.phone.attempts", { count: data.attemptsLeft })}
            </p>
          ) : null}
          <ErrorSummary items={summary} />
          <FormError message={errors.form ?? (data.cancelled ? t("profile.otp.tooManyTries") : undefined)} />
          <Form method="post" action={modeHref("telefono")} noValidate>
            <XsrfField />
            <input type="hidden" name="intent" value="change-phone" />
            <TextField
              {...field("phone")}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              hint={t("profile.phone.hint")}
              required
            />
            <div className="d-flex flex-wrap gap-3">
              <CancelLink />
              <SubmitButton disabled={noAttempts}>{t("profile.wizard.next")}</SubmitButton>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

function DeleteConfirmation({ action }: { action?: ProfileActionData }) {
  const t = useT(profileIt);
  return (
    <section aria-labelledby="elimina-contatti">
      <h2 id="elimina-contatti" className="h4">
        {t("profile.delete.heading")}
      </h2>
      <FormError message={action?.errors.form} />
      <Callout variant="warning" title={t("profile.delete.heading")}>
        <p className="mb-0">{t("profile.delete.text")}</p>
      </Callout>
      <Form method="post" action={modeHref("elimina")} className="d-flex flex-wrap gap-3">
        <XsrfField />
        <input type="hidden" name="intent" value="delete" />
        <CancelLink />
        <SubmitButton className="btn btn-danger">{t("profile.delete.confirm")}</SubmitButton>
      </Form>
    </section>
  );
}

function Sections({ data, action }: { data: WithProfile; action?: ProfileActionData }) {
  return (
    <>
      <FormError message={action?.errors.form} />
      <ProfileIndex hasPpay={data.hasPpay} />
      <ContactsSection contacts={data.contacts} />
      <PreferencesSection groups={data.groups} outcome={data.outcome} />
      {data.hasPpay ? <ReceiptsSection receipts={data.receipts} outcome={data.outcome} /> : null}
      <TermsSection terms={data.terms} acceptedAt={data.termsAcceptedAt} />
    </>
  );
}

/** "In questa pagina": links to the sections below (payments only where the municipality has them). */
function ProfileIndex({ hasPpay }: { hasPpay: boolean }) {
  const t = useT(profileIt);
  const index: Array<[string, TextKey<typeof profileIt>]> = [
    ["contatti", "profile.contacts.heading"],
    ["preferenze", "profile.preferences.heading"],
    ...(hasPpay
      ? ([["pagamenti", "profile.receipts.heading"]] as Array<[string, TextKey<typeof profileIt>]>)
      : []),
    ["termini", "profile.terms.heading"],
  ];
  return (
    <nav className="mb-4" aria-labelledby="indice-profilo">
      <h2 id="indice-profilo" className="h6 text-uppercase">
        {t("profile.index")}
      </h2>
      <ul className="list-inline mb-0">
        {index.map(([id, key]) => (
          <li key={id} className="list-inline-item me-3">
            <a href={`#${id}`}>{t(key)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The contacts: e-mail, phone, language, with their change links, removing the phone and deleting them all. */
function ContactsSection({ contacts }: { contacts: WithProfile["contacts"] }) {
  const t = useT(profileIt);
  return (
    <section id="contatti" className="mb-5" aria-labelledby="contatti-titolo">
      <h2 id="contatti-titolo" className="h4">
        {t("profile.contacts.heading")}
      </h2>
      <dl>
        <dt className="fw-semibold">{t("profile.contacts.email")}</dt>
        <dd>
          {contacts.email}{" "}
          <Link className="ms-2" to={withQuery(profilePath, { modifica: "email" })}>
            {t("profile.contacts.changeEmail")}
          </Link>
        </dd>
        <dt className="fw-semibold">{t("profile.contacts.phone")}</dt>
        <dd>
          {contacts.phone ? `+39 ${contacts.phone}` : t("profile.contacts.noPhone")}{" "}
          <Link className="ms-2" to={withQuery(profilePath, { modifica: "telefono" })}>
            {contacts.phone ? t("profile.contacts.changePhone") : t("profile.contacts.addPhone")}
          </Link>
        </dd>
        <dt className="fw-semibold">{t("profile.contacts.language")}</dt>
        <dd>{t(`profile.language.${contacts.language}`)}</dd>
      </dl>
      <div className="d-flex flex-wrap gap-3">
        {contacts.phone ? (
          <Form method="post" action={profilePath}>
            <XsrfField />
            <input type="hidden" name="intent" value="remove-phone" />
            <SubmitButton className="btn btn-outline-primary btn-sm">
              {t("profile.contacts.removePhone")}
            </SubmitButton>
          </Form>
        ) : null}
        <Link className="btn btn-outline-danger btn-sm" to={withQuery(profilePath, { modifica: "elimina" })}>
          {t("profile.contacts.delete")}
        </Link>
      </div>
    </section>
  );
}

/** The notification preferences (or why they could not be loaded). */
function PreferencesSection({ groups, outcome }: { groups: WithProfile["groups"]; outcome: Outcome | null }) {
  const t = useT(profileIt);
  return (
    <section id="preferenze" className="mb-5" aria-labelledby="preferenze-titolo">
      <h2 id="preferenze-titolo" className="h4">
        {t("profile.preferences.heading")}
      </h2>
      <Outcome outcome={outcome} section="preferenze" />
      {groups ? (
        <Form method="post" action={profilePath}>
          <XsrfField />
          <input type="hidden" name="intent" value="preferences" />
          <p>{t("profile.preferences.lead")}</p>
          <PreferencesFields groups={groups} />
          <SubmitButton>{t("profile.preferences.save")}</SubmitButton>
        </Form>
      ) : (
        <div className="alert alert-warning" role="status">
          {t("profile.preferences.loadFailed")}
        </div>
      )}
    </section>
  );
}

/** The payment receipts by e-mail, where the municipality has payments. */
function ReceiptsSection({
  receipts,
  outcome,
}: {
  receipts: WithProfile["receipts"];
  outcome: Outcome | null;
}) {
  const t = useT(profileIt);
  const locale = useLocale();
  return (
    <section id="pagamenti" className="mb-5" aria-labelledby="pagamenti-titolo">
      <h2 id="pagamenti-titolo" className="h4">
        {t("profile.receipts.heading")}
      </h2>
      <Outcome outcome={outcome} section="pagamenti" />
      {receipts ? (
        <Form method="post" action={profilePath}>
          <XsrfField />
          <input type="hidden" name="intent" value="receipts" />
          <div className="form-check mb-3">
            <input id="profile-receipts" type="checkbox" name="receipts" defaultChecked={receipts.flag} />
            <label htmlFor="profile-receipts">{t("profile.receipts.label")}</label>
          </div>
          {receipts.since ? (
            <p className="small">
              {t("profile.receipts.since", {
                date: formatDate(receipts.since, "d MMMM yyyy", locale),
              })}
            </p>
          ) : null}
          <SubmitButton className="btn btn-outline-primary">{t("profile.receipts.save")}</SubmitButton>
        </Form>
      ) : (
        <div className="alert alert-warning" role="status">
          {t("profile.receipts.loadFailed")}
        </div>
      )}
    </section>
  );
}

/** The terms of service: when they were accepted and their text. */
function TermsSection({
  terms,
  acceptedAt,
}: {
  terms: WithProfile["terms"];
  acceptedAt: WithProfile["termsAcceptedAt"];
}) {
  const t = useT(profileIt);
  const lang = useContentLang();
  const locale = useLocale();
  return (
    <section id="termini" className="mb-5" aria-labelledby="termini-titolo">
      <h2 id="termini-titolo" className="h4">
        {t("profile.terms.heading")}
      </h2>
      {acceptedAt ? (
        <p>{t("profile.terms.accepted", { date: formatDate(acceptedAt, "d MMMM yyyy", locale) })}</p>
      ) : null}
      {terms ? (
        <details>
          <summary className="text-primary">{t("profile.terms.show")}</summary>
          <div
            className="border rounded p-3 mt-2"
            // Sanitised by the server (server/upstream/notify.ts).
            lang={lang}
            dangerouslySetInnerHTML={{ __html: terms }}
          />
        </details>
      ) : (
        <p role="status">{t("profile.terms.loadFailed")}</p>
      )}
    </section>
  );
}

/** The citizen's profile: identity data, then the contacts, preferences, payments and terms (or the call to set it up). */
export function ProfilePage({ data, action }: { data: ProfileData; action?: ProfileActionData }) {
  const t = useT(profileIt);
  useOutcomeFocus(data.outcome);
  return (
    <ProfileLayout nome={data.identity.nome} cognome={data.identity.cognome} codFisc={data.identity.codFisc}>
      <Outcome outcome={data.outcome} />
      {!data.hasProfile ? (
        <>
          <Callout variant="warning" title={t("profile.missing.title")} titleAs="h2">
            <p className="mb-0">{t("profile.missing.text")}</p>
          </Callout>
          <p className="mb-5">
            <Link className="btn btn-primary" to={href("/area-personale/profilo-utente/componi")}>
              {t("profile.missing.link")}
            </Link>
          </p>
          <IdentityData identity={data.identity} />
        </>
      ) : data.mode === "email" ? (
        <EmailChange data={data} action={action} />
      ) : data.mode === "telefono" ? (
        <PhoneChange data={data} action={action} />
      ) : data.mode === "elimina" ? (
        <DeleteConfirmation action={action} />
      ) : (
        <>
          <Sections data={data} action={action} />
          <IdentityData identity={data.identity} />
        </>
      )}
    </ProfileLayout>
  );
}
