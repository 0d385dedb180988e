import { Link } from "react-router";
import type { Route } from "./+types/service-unavailable";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { href } from "#client/lib/links.ts";

export const handle = routeHandle("serviceUnavailable.title");

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, metaT(matches)(handle.title));

/** Where routes tied to a service the municipality has not enabled send the citizen. */
export default function ServiceUnavailable() {
  const t = useT();
  return (
    <div className="container my-4">
      <Breadcrumb
        items={[{ name: t("common.home"), href: href("/") }, { name: t("serviceUnavailable.title") }]}
      />
      <h1 data-element="page-name">{t("serviceUnavailable.title")}</h1>
      <p className="lead">{t("serviceUnavailable.lead")}</p>
      <p>{t("serviceUnavailable.text")}</p>
      <Link className="btn btn-primary" to={href("/")}>
        {t("common.toOnlineServices")}
      </Link>
    </div>
  );
}
