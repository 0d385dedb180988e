import type { RouterContextProvider } from "react-router";
import type { RequestServices } from "#client/context.ts";
import { getServices } from "#client/lib/services.ts";
import type { AppschedApi } from "#shared/api/appsched.ts";
import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import type { Utente } from "#shared/api/user.ts";

export type AppschedAccess = {
  services: RequestServices;
  config: TenantConfig;
  user: Utente | null;
  /** APPSCHED `showPublic`: anonymous visitors may book. */
  showPublic: boolean;
  /** The API for this visitor: authenticated when logged in or when the municipality is not public. */
  api: AppschedApi;
  /** Not public and anonymous: the page asks to log in instead of calling the API. */
  loginRequired: boolean;
};

function isDevLoggedOut(request: Request, services: RequestServices): boolean {
  return services.devLogout.active;
}

/** Spec §6: authenticated API when the asset is public and the user logged in, public API otherwise; always authenticated when not public. */
export async function getAppschedAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<AppschedAccess> {
  const services = getServices(context);
  const [config, user] = await Promise.all([
    services.api.getTenantConfig(),
    isDevLoggedOut(request, services) ? null : services.api.getCurrentUser(),
  ]);
  const showPublic = findAsset(config, "APPSCHED")?.showPublic === true;
  const authenticated = user !== null || !showPublic;
  return {
    services,
    config,
    user,
    showPublic,
    api: authenticated ? services.api.appschedAuthenticated : services.api.appschedPublic,
    loginRequired: user === null && !showPublic,
  };
}
