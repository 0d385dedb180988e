import { useRouteLoaderData } from "react-router";
import type { PublicEnv } from "#config/public.ts";
import type { Contatti, Menu, MenuFooter } from "#shared/api/tenant-config.ts";

export type Locale = "it" | "en";

export type RootData = {
  locale: Locale;
  env: PublicEnv;
  xsrfToken: string;
  maintenanceGate: boolean;
  comune: {
    nome: string;
    codiceEnte: string;
    regione: { nome: string; link: string };
    homePage: string;
    urlRicerca: string | null;
    cms: boolean;
    assets: { codice: string; showPublic: boolean }[];
  };
  menu: Menu;
  menuFooter: MenuFooter;
  contatti: Contatti;
  user: { nome: string; cognome: string; codFisc: string } | null;
  devLoggedOut: boolean;
  /** The upstream did not answer for the citizen: the page is served from the cached configuration. */
  upstreamDegraded: boolean;
};

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("root loader data missing");
  return data;
}

export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
