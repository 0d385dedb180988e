import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/delete-draft";
import { formatDate } from "#shared/dates.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { routeError } from "#shared/route-error.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { serverT } from "#client/i18n/server-t.ts";
import { assistanceIt } from "#client/features/assistance/texts.ts";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { findOwnDraft } from "#client/features/assistance/drafts.server.ts";
import { AssistanceLayout } from "#client/features/assistance/assistance-layout.tsx";

export const middleware = [requireCitizen, requireAsset("ASSISTENZA_CRM")];

export const handle = routeHandle("assistance.drafts.deleteTitle", assistanceIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, assistanceIt)("assistance.drafts.deleteTitle"));

export async function loader({ context, params }: Route.LoaderArgs) {
  return { draft: await findOwnDraft(context, params.id) };
}

/** "Elimina la bozza": deletes it and goes back to the drafts in Attività. */
export async function action({ context, params, request }: Route.ActionArgs) {
  await readForm(request, context);
  const draft = await findOwnDraft(context, params.id);
  const { api, log } = getServices(context);
  try {
    const outcome = await api.crm.deleteDraft(draft.id);
    if (outcome === "not-found") {
      const t = serverT(context, assistanceIt);
      throw routeError(404, { title: t("assistance.draftNotFound") });
    }
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    log.warn({ err: error }, "draft deletion failed");
    return data({ failed: true }, { status: 502 });
  }
  return redirect(`${href("/area-personale/attivita")}#bozze`);
}

export default function DeleteDraft({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(assistanceIt);
  const locale = useLocale();
  const { draft } = loaderData;
  const title = draft.title ?? t("assistance.drafts.untitled");
  const date = formatDate(new Date(draft.savedAt), "dd/MM/yyyy HH:mm", locale);
  return (
    <AssistanceLayout title={t("assistance.drafts.deleteTitle")}>
      {actionData?.failed ? (
        <div className="alert alert-danger" role="alert">
          {t("assistance.drafts.deleteFailed")}
        </div>
      ) : null}
      <p>{t("assistance.drafts.deleteQuestion", { title, date })}</p>
      <Form method="post" className="d-flex flex-wrap gap-3">
        <XsrfField />
        <SubmitButton className="btn btn-danger">{t("assistance.drafts.deleteConfirm")}</SubmitButton>
        <Link className="btn btn-outline-primary" to={`${href("/area-personale/attivita")}#bozze`}>
          {t("assistance.drafts.deleteCancel")}
        </Link>
      </Form>
    </AssistanceLayout>
  );
}
