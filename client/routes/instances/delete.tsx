import { data, Form, Link } from "react-router";
import type { Route } from "./+types/delete";
import { formatDate } from "#shared/dates.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { instancesIt } from "#client/features/instances/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { href } from "#client/lib/links.ts";
import { PAGE_FOCUS } from "#client/components/ui/use-focus-on-change.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import {
  backToInstances,
  deleteOwnDraft,
  findOwnInstance,
} from "#client/features/instances/instance-actions.server.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { routeError } from "#shared/route-error.ts";

export const middleware = [requireAsset("MOON")];

export const handle = routeHandle("instances.delete.title", instancesIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, instancesIt, personalAreaIt);
  return pageTitle(matches, [t("instances.delete.title"), t("personalArea.title")]);
};

const BACK = `${href("/area-personale/attivita")}#pratiche`;

/** "Elimina bozza": the confirmation (a page, so it works without JavaScript) of one of the citizen's drafts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const instance = await findOwnInstance(context, params.codice);
  if (instance.stato.codice !== "BOZZA") {
    throw routeError(404, { title: serverT(context, instancesIt)("instances.notFound") });
  }
  return {
    code: instance.codiceIstanza,
    title: instance.modulo.descrizioneModulo,
    created: instance.created,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  await readForm(request, context);
  try {
    await deleteOwnDraft(context, params.codice);
  } catch (error) {
    if (!isUpstreamFailure(error) || error.data.status === 404) throw error;
    getServices(context).log.warn({ err: error }, "instance draft deletion failed");
    return data({ failed: true }, { status: 502 });
  }
  // Back to the list, which says it was deleted (issue #40: the deletion ended with no word of it).
  return backToInstances(context, "instanceDeleted", params.codice);
}

export default function DeleteInstanceDraft({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(instancesIt);
  const locale = useLocale();
  return (
    <section aria-labelledby="elimina-bozza">
      <h2 id="elimina-bozza" className="title-xxlarge mb-4" {...PAGE_FOCUS}>
        {t("instances.delete.title")}
      </h2>
      {actionData?.failed ? (
        <div className="alert alert-danger" role="alert">
          {t("instances.delete.failed")}
        </div>
      ) : null}
      <p>
        {t("instances.delete.question", {
          title: loaderData.title,
          code: loaderData.code,
          created: formatDate(loaderData.created, "d MMMM yyyy", locale),
        })}
      </p>
      <Form method="post" className="d-flex flex-wrap gap-3">
        <XsrfField />
        <SubmitButton className="btn btn-danger">{t("instances.delete.confirm")}</SubmitButton>
        <Link className="btn btn-outline-primary" to={BACK}>
          {t("instances.delete.cancel")}
        </Link>
      </Form>
    </section>
  );
}
