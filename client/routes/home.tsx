import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { PUBLIC_PAGE, metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { rootDataOf } from "#client/lib/root-data.ts";
import { TextWithContent, useContentLang, useT } from "#client/i18n/i18n-context.tsx";
import { getServices } from "#client/lib/services.ts";
import { useRootData } from "#client/lib/root-data.ts";
import { href } from "#client/lib/links.ts";
import { configuredPortalPage } from "#client/lib/configured-links.ts";
import { groupServicesByCategory, categorySlug } from "#shared/service-groups.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { ServerIsland } from "#client/components/server-island/server-island.tsx";
import { keepForDocument } from "#client/components/server-island/server-island.server.ts";

/** The route title (a catalogue key): the page title, and what the rating reports. */
export const handle = { ...routeHandle("home.title"), ...PUBLIC_PAGE };

export async function loader({ context }: Route.LoaderArgs) {
  const config = await getServices(context).api.getTenantConfig();
  // In a document the list is rendered on the server only; a client-side navigation gets it as data.
  return {
    groups: keepForDocument(context, SERVICES_ISLAND, serviceGroups(config)),
    // The services could not be loaded: the list says so, not that the municipality has none.
    servicesUnavailable: config.servicesUnavailable === true,
  };
}

/**
 * The services by category, the same for every visitor of a municipality: made once per configuration (the
 * configuration cache hands out the same `servizi` until it is refreshed) and set of services it offers (the links
 * depend on them), not once per citizen's home.
 */
const groupsOf = new WeakMap<object, Map<string, ReturnType<typeof makeServiceGroups>>>();
function serviceGroups(config: TenantConfig) {
  let byAssets = groupsOf.get(config.servizi);
  if (!byAssets) {
    byAssets = new Map();
    groupsOf.set(config.servizi, byAssets);
  }
  const assets = config.comune.assets.map((a) => a.codice).join(" ");
  let groups = byAssets.get(assets);
  if (!groups) {
    groups = makeServiceGroups(config);
    byAssets.set(assets, groups);
  }
  return groups;
}

function makeServiceGroups(config: TenantConfig) {
  return groupServicesByCategory(config.servizi).map((g) => ({
    category: g.category,
    slug: categorySlug(g.category),
    services: g.services.map((s) => ({
      id: s.id,
      nome: s.nome,
      descrizione: s.descrizione,
      // The configured portal page when this release serves it for this municipality, otherwise the service's card.
      href: configuredPortalPage(s.linkServizio, config) ?? href("/servizi/:id", { id: s.id }),
    })),
  }));
}

/** The name under which the loader keeps the services for the server's render (`ServerIsland`). */
const SERVICES_ISLAND = "home.services";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  const comune = rootDataOf(matches)?.comune.nome;
  return pageTitle(matches, t(handle.title), comune ? t("home.lead", { comune }) : null);
};

const QUICK_LINKS = [
  {
    asset: "APPSCHED",
    href: href("/servizi/prenotazione-appuntamento"),
    icon: "it-calendar",
    title: "home.booking.title",
    text: "home.booking.text",
    dataElement: "appointment-booking",
  },
  {
    asset: "ASSISTENZA_CRM",
    href: href("/nuova-richiesta"),
    icon: "it-help-circle",
    title: "home.assistance.title",
    text: "home.assistance.text",
    dataElement: "contacts",
  },
  {
    asset: "DISSERVIZIO_CRM",
    href: href("/servizi/segnalazioni/nuova"),
    icon: "it-error",
    title: "home.report.title",
    text: "home.report.text",
    dataElement: undefined,
  },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { comune } = useRootData();
  const t = useT();
  const enabled = new Set(comune.assets.map((a) => a.codice));
  const quick = QUICK_LINKS.filter((q) => enabled.has(q.asset));
  return (
    <>
      <div className="container py-4 py-lg-5">
        <Column>
          <h1 data-element="page-name">{t("home.title")}</h1>
          <p className="lead mb-0">
            <TextWithContent text={t("home.lead")} content={{ comune: comune.nome }} />
          </p>
        </Column>
      </div>
      {quick.length > 0 ? (
        <section className="bg-grey-card py-5" aria-labelledby="in-evidenza">
          <div className="container">
            <Column>
              <h2 id="in-evidenza" className="title-xxlarge mb-4">
                {t("home.highlights")}
              </h2>
              <ul className="row g-4 list-unstyled">
                {quick.map((q) => (
                  <li className="col-12 col-md-4" key={q.href}>
                    <div className="card card-teaser shadow rounded h-100">
                      <Icon name={q.icon} className="icon-primary" />
                      <div className="card-body">
                        <h3 className="card-title h5">
                          <Link to={q.href} data-element={q.dataElement}>
                            {t(q.title)}
                          </Link>
                        </h3>
                        <p className="card-text">{t(q.text)}</p>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </Column>
          </div>
        </section>
      ) : null}
      <ServerIsland
        as="section"
        name={SERVICES_ISLAND}
        value={loaderData.groups}
        className="container py-5"
        aria-labelledby="tutti-i-servizi"
        render={(groups) => (
          <Column>
            <AllServices groups={groups} unavailable={loaderData.servicesUnavailable} />
          </Column>
        )}
      />
      <PageEnd />
    </>
  );
}

/**
 * The reading column every other page uses (`row justify-content-center` › `col-12 col-lg-10`), so the home page's
 * content starts at the same left edge as the breadcrumb and title of the other pages (issue #25).
 */
function Column({ children }: { children: ReactNode }) {
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-10">{children}</div>
    </div>
  );
}

type ServiceGroup = NonNullable<Route.ComponentProps["loaderData"]["groups"]>[number];

/** Every service by category (rendered on the server only in a document: `ServerIsland`). */
function AllServices({ groups, unavailable }: { groups: ServiceGroup[]; unavailable: boolean }) {
  const t = useT();
  // A category and its services are the municipality's words, all of them.
  const lang = useContentLang();
  return (
    <>
      <h2 id="tutti-i-servizi" className="title-xxlarge mb-4">
        {t("home.allServices")}
      </h2>
      {groups.length === 0 ? (
        <p>{t(unavailable ? "services.unavailable" : "home.noServices")}</p>
      ) : (
        groups.map((group) => (
          <section key={group.slug} className="mb-5" aria-labelledby={`categoria-${group.slug}`} lang={lang}>
            <h3 id={`categoria-${group.slug}`} className="title-xlarge mb-3">
              {group.category}
            </h3>
            <ul className="row g-3 list-unstyled">
              {group.services.map((service) => (
                <li className="col-12 col-md-6 col-lg-4" key={`${group.slug}-${service.id}`}>
                  <div className="card card-bg rounded h-100">
                    <div className="card-body">
                      <h4 className="card-title h6">
                        <Link to={service.href} data-element="service-link">
                          {service.nome}
                        </Link>
                      </h4>
                      {service.descrizione ? (
                        <p className="card-text text-paragraph-small">{service.descrizione}</p>
                      ) : null}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
