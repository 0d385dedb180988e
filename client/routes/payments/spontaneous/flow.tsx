import type { Route } from "./+types/flow";
import { useT } from "#client/i18n/i18n-context.tsx";
import { spontaneousIt } from "#client/features/payments/spontaneous/texts.ts";
import { metaT, pageTitle } from "#client/lib/titles.ts";
import {
  loadSpontaneousFlow,
  spontaneousAction,
} from "#client/features/payments/spontaneous/spontaneous.server.ts";
import { spontaneousHref } from "#client/features/payments/spontaneous/urls.ts";
import { SpontaneousSteps } from "#client/features/payments/spontaneous/spontaneous-steps.tsx";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(
    matches,
    metaT(
      matches,
      spontaneousIt,
    )(loaderData?.mode === "notice" ? "payments.spont.notice.title" : "payments.spont.online.title"),
  );

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadSpontaneousFlow(context, url);
}

export async function action({ context, request }: Route.ActionArgs) {
  return spontaneousAction(context, request);
}

// The loader's cookies, plus the Retry-After of a refused anonymous creation (429).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  if (!retryAfter) return loaderHeaders;
  const merged = new Headers(loaderHeaders);
  merged.set("Retry-After", retryAfter);
  return merged;
};

/** `online` and `avviso-pagamento` of either system: the same stepper, the last step pays or generates a notice. */
export default function SpontaneousPaymentFlow({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(spontaneousIt);
  return (
    <section aria-labelledby="spontaneous-mode">
      <h2 id="spontaneous-mode" className="visually-hidden">
        {loaderData.mode === "notice" ? t("payments.spont.notice.title") : t("payments.spont.online.title")}
      </h2>
      <SpontaneousSteps
        data={loaderData}
        actionData={actionData}
        selfHref={spontaneousHref(loaderData.system, loaderData.mode)}
      />
    </section>
  );
}
