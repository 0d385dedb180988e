import { Link } from "react-router";
import type { Route } from "./+types/service-not-active";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { href } from "#client/lib/links.ts";

export const handle = routeHandle("serviceNotActive.title");

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, metaT(matches)(handle.title));

/** A service the municipality offers but has switched off for now (e.g. during its own maintenance). */
export default function ServiceNotActive() {
  const t = useT();
  return (
    <div className="container my-4">
      <Breadcrumb
        items={[{ name: t("common.home"), href: href("/") }, { name: t("serviceNotActive.title") }]}
      />
      <h1 data-element="page-name">{t("serviceNotActive.title")}</h1>
      <p className="lead">{t("serviceNotActive.lead")}</p>
      <p>{t("serviceNotActive.text")}</p>
      <Link className="btn btn-primary" to={href("/")}>
        {t("common.toOnlineServices")}
      </Link>
    </div>
  );
}
