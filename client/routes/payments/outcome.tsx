import { Link } from "react-router";
import type { Route } from "./+types/outcome";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, type RouteHandle } from "#client/lib/titles.ts";
import { loadOutcome } from "#client/features/payments/outcome.server.ts";
import { OUTCOME_TEXTS } from "#client/features/payments/outcome.ts";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";

export const middleware = [requireAsset("PPAY")];

export const handle: RouteHandle = { title: "payments.outcome.title" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches)("payments.outcome.title"));

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadOutcome(context, url);
}

export default function PaymentOutcome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { kind, iuv, loginHref } = loaderData;
  const texts = OUTCOME_TEXTS[kind];
  return (
    <PaymentLayout
      title={t("payments.outcome.title")}
      parent="services"
      after={<PageEnd variant="service" title={t("payments.outcome.title")} />}
    >
      <div role={kind === "paid" || kind === "waiting" ? "status" : "alert"}>
        <Callout variant={texts.tone} title={t(texts.title)} titleAs="h2">
          {iuv ? <p>{t("payments.outcome.reference", { iuv })}</p> : null}
          <p className="mb-0">{t(texts.text)}</p>
        </Callout>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-4">
        {loginHref ? (
          <a className="btn btn-primary" href={loginHref}>
            {t("payments.outcome.login")}
          </a>
        ) : (
          <Link className="btn btn-primary" to={withQuery(href("/area-personale/attivita"), {}, "pagamenti")}>
            {t("payments.outcome.toPersonalArea")}
          </Link>
        )}
      </div>
    </PaymentLayout>
  );
}
