import { Link, Outlet, redirect, useMatches, type MiddlewareFunction } from "react-router";
import type { Route } from "./+types/layout";
import { findAsset } from "#shared/api/tenant-config.ts";
import { safeRedirectPath } from "#shared/redirector.ts";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { PAGE_FOCUS_SCOPE } from "#client/components/ui/use-focus-on-change.ts";
import { Callout } from "#client/components/ui/callout.tsx";
import { ContactsSection } from "#client/components/page-end/contacts-section.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { href } from "#client/lib/links.ts";
import { requireCitizen, getCitizen } from "#client/lib/require-citizen.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { getServices } from "#client/lib/services.ts";
import { handleTitle, routeHandle, type RouteHandle } from "#client/lib/titles.ts";
import {
  PersonalAreaTabs,
  type PersonalAreaTab,
} from "#client/features/personal-area/personal-area-tabs.tsx";

/** After login the upstream lands here with the page the citizen started from (same-origin paths only). */
const followRedirector: MiddlewareFunction<Response> = ({ url }, next) => {
  const redirector = url.searchParams.get("redirector");
  if (redirector !== null) throw redirect(safeRedirectPath(redirector, href("/area-personale")));
  return next();
};

export const middleware = [followRedirector, requireCitizen];

export const handle = routeHandle("personalArea.title", personalAreaIt);

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getServices(context);
  const [user, config] = await Promise.all([getCitizen(context), api.getTenantConfig()]);
  const has = (code: Parameters<typeof findAsset>[1]) => Boolean(findAsset(config, code));
  const tabs: PersonalAreaTab[] = [
    "desk",
    ...(has("NOTIFICATIONS") ? (["messages"] as const) : []),
    ...(has("APPSCHED") || has("PPAY") || has("ASSISTENZA_CRM") ? (["activities"] as const) : []),
    ...(has("MY_DOCS") ? (["documents"] as const) : []),
    ...(has("DELEGHE") ? (["deleghe"] as const) : []),
    "services",
  ];
  return {
    nome: user.nome,
    cognome: user.cognome,
    codFisc: user.codFisc,
    tabs,
    // The original's rule: without an e-mail among the contacts the online services cannot reach the citizen.
    profileIncomplete: has("NOTIFICATIONS") && !user.contatti?.email,
    showBooking: has("APPSCHED"),
    showReport: has("DISSERVIZIO_CRM"),
  };
}

/**
 * The breadcrumb below "Area personale": the current section's title (the deepest route's `handle.title`, translated)
 * when it is not the desk itself, after the pages its handle names above it (`parents`, e.g. "Deleghe").
 */
function useSectionCrumbs(): { name: string; href?: string }[] {
  const matches = useMatches();
  const locale = useLocale();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  if (!handle?.title || handle.title === "personalArea.title") return [];
  const parents = (handle.parents ?? []).map((parent) => ({
    name: handleTitle({ ...handle, title: parent.title }, locale),
    href: parent.href,
  }));
  return [...parents, { name: handleTitle(handle, locale) }];
}

export default function PersonalAreaLayout({ loaderData }: Route.ComponentProps) {
  const t = useT(personalAreaIt);
  const { user } = useRootData();
  const serviceEnd = useIsServiceEnd();
  const breadcrumb = [
    { name: t("common.home"), href: href("/") },
    { name: t("personalArea.title"), href: href("/area-personale") },
    ...useSectionCrumbs(),
  ];
  return (
    <>
      <div className="container">
        <div className="row justify-content-center">
          <div className="col-12 col-lg-10">
            <div className="cmp-breadcrumbs mt-3">
              <Breadcrumb items={breadcrumb} />
            </div>
            <div className="cmp-heading pb-3 pb-lg-4 d-flex flex-wrap align-items-end gap-3 justify-content-between">
              <div>
                <h1 className="title-xxxlarge" data-element="page-name">
                  {loaderData.nome} {loaderData.cognome}
                </h1>
                <p className="subtitle-small mb-0">
                  {t("personalArea.fiscalCode", { codFisc: loaderData.codFisc })}
                </p>
              </div>
              <Link className="btn btn-outline-primary btn-sm" to={href("/area-personale/profilo-utente")}>
                {t("personalArea.profileLink")}
              </Link>
            </div>
            {loaderData.profileIncomplete ? (
              <Callout variant="warning" title={t("personalArea.incompleteTitle")}>
                <p>{t("personalArea.incomplete")}</p>
                <p className="mb-0">
                  <Link to={href("/area-personale/profilo-utente/componi")}>
                    {t("personalArea.incompleteLink")}
                  </Link>
                </p>
              </Callout>
            ) : null}
            <PersonalAreaTabs tabs={loaderData.tabs} unread={user?.unreadMessages ?? null} />
            <div {...PAGE_FOCUS_SCOPE}>
              <Outlet />
            </div>
          </div>
        </div>
      </div>
      {serviceEnd ? (
        <PageEnd variant="service" />
      ) : (
        <ContactsSection showBooking={loaderData.showBooking} showReport={loaderData.showReport} />
      )}
    </>
  );
}

/** Whether the page shown is a service's outcome (`handle.serviceEnd`): its rating closes the area. */
function useIsServiceEnd(): boolean {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.serviceEnd === true;
}
