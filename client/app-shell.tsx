import { lazy, Suspense, type ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import { I18nProvider } from "#client/i18n/i18n-context.tsx";
import { ToastProvider, type Toast } from "#client/features/shell/toasts.tsx";
import { SandboxNotice } from "#client/features/shell/sandbox-notice.tsx";
import { DegradedNotice } from "#client/features/shell/degraded-notice.tsx";
import { href } from "#client/lib/links.ts";
import { SkipLinks } from "#client/features/shell/skip-links.tsx";
import { Header } from "#client/features/shell/header.tsx";
import { FooterIsland } from "#client/features/shell/footer-island.tsx";
import { NavigationSpinner } from "#client/features/shell/navigation-spinner.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { usePageArrivalFocus } from "#client/components/ui/use-focus-on-change.ts";
import { useOptionalRootData, type RootData } from "#client/lib/root-data.ts";
import { useUserActivity } from "#client/features/shell/push/user-activity.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { DelegationEndedNotice, DelegatorBanner } from "#client/lib/acting-for/index.ts";
import { ForgetPush } from "#client/features/shell/push/forget-push.tsx";

const noToasts: Toast[] = [];

/**
 * The push opt-in (issue #29): its own chunk, fetched after hydration and only for a citizen the root data says may
 * be asked; firebase itself comes later still, from inside it. Anonymous pages load neither.
 */
const PushGuard = lazy(() =>
  import("#client/features/shell/push/push-guard.tsx").then((m) => ({ default: m.PushGuard })),
);

/** Toasts that loaders hand to the page (`{ toasts: Toast[] }` in their data): server-rendered, so no-JS users see them. */
function useLoaderToasts(): Toast[] {
  const matches = useMatches();
  const toasts = matches.flatMap((m) => (m.loaderData as { toasts?: Toast[] } | undefined)?.toasts ?? []);
  return toasts.length ? toasts : noToasts;
}

/**
 * True when the deepest route that says anything about it sets `handle.hideMenu` (e.g. the FAQ pages): the header
 * then leaves out its navigation bar.
 */
function useHideMenu(): boolean {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const hide = (matches[i]?.handle as { hideMenu?: unknown } | undefined)?.hideMenu;
    if (typeof hide === "boolean") return hide;
  }
  return false;
}

/**
 * The green banner of each delegator the citizen acts for (issue #28), each with its "stop acting for" form back to
 * `here`: in the document itself (a lazy chunk left it in a Suspense segment that only JavaScript moves into place,
 * and a citizen without JavaScript must see for whom they act).
 */
function DelegatorBanners({ data, here }: { data: RootData; here: string }) {
  if (data.actingFor.delegators.length === 0) return null;
  return (
    <>
      {data.actingFor.delegators.map((delegator) => (
        <DelegatorBanner
          key={delegator.codiceFiscale}
          delegator={delegator}
          action={href("/area-personale/per-conto-di")}
          xsrfToken={data.xsrfToken}
          hiddenFields={{
            intent: "cancella",
            codiceFiscale: delegator.codiceFiscale,
            redirectTo: here,
          }}
        />
      ))}
    </>
  );
}

/**
 * The push opt-in, for a citizen the root data says may be asked, once hydrated: the hook is here, not in the shell,
 * so that the re-render hydration brings is this component's alone, not the whole frame's.
 */
function PushOptIn({ data }: { data: RootData }) {
  const hydrated = useHydrated();
  const push = data.user?.push;
  if (!push || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PushGuard
        codiceEnte={data.comune.codiceEnte}
        comune={data.comune.nome}
        asked={push.asked}
        settings={push.firebase}
        tokens={push.tokens}
        registered={push.registered}
        xsrfToken={data.xsrfToken}
      />
    </Suspense>
  );
}

/** The page frame: header, footer and toasts around every page; only the page itself behind the maintenance gate. */
export function AppShell({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  const location = useLocation();
  const toasts = useLoaderToasts();
  const hideMenu = useHideMenu();
  const locale = data?.locale ?? "it";
  // What the citizen does on each page, for the push opt-in's quiet moment (only for a citizen it may ask).
  useUserActivity(Boolean(data?.user?.push && !data.user.push.asked), location.key);
  // Another page reached without a page load: the focus goes to it, never left on <body> (issue #40).
  usePageArrivalFocus(location.pathname, location.hash);
  if (!data || data.maintenanceGate) {
    return (
      <I18nProvider locale={locale}>
        <ToastProvider initialToasts={toasts}>
          {data?.env.sandbox ? <SandboxNotice /> : null}
          <main id="main-container">{children}</main>
        </ToastProvider>
      </I18nProvider>
    );
  }
  const here = currentPathHref(location.pathname, location.search);
  return (
    <I18nProvider locale={locale}>
      <ToastProvider initialToasts={toasts}>
        <SkipLinks />
        {data.env.sandbox ? <SandboxNotice /> : null}
        <Header
          comune={data.comune}
          menu={data.header.menu}
          social={data.header.social}
          user={data.user}
          loginHref={upstreamLoginHref(here)}
          devLoggedOut={data.devLoggedOut}
          env={data.env}
          xsrfToken={data.xsrfToken}
          hideNavigation={hideMenu}
        />
        <DelegatorBanners data={data} here={here} />
        <NavigationSpinner />
        {data.upstreamDegraded ? <DegradedNotice /> : null}
        {data.actingFor.ended.length > 0 || data.actingFor.refused.length > 0 ? (
          <DelegationEndedNotice ended={data.actingFor.ended} refused={data.actingFor.refused} />
        ) : null}
        <main id="main-container" tabIndex={-1}>
          {children}
        </main>
        <FooterIsland />
        {/* Another citizen's subscription is dropped first; the opt-in may ask on the next page. */}
        {data.user?.forgetPush ? <ForgetPush /> : <PushOptIn data={data} />}
      </ToastProvider>
    </I18nProvider>
  );
}
