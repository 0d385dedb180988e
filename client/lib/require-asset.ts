import { redirect, type MiddlewareFunction } from "react-router";
import { findAsset, type AssetCode } from "#shared/api/tenant-config.ts";
import { getServices } from "./services.ts";

export const NOT_AVAILABLE_PATH = "/servizio-non-disponibile";

/** Route middleware: a page tied to a service redirects when the municipality has not enabled that service. */
export function requireAsset(code: AssetCode): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    const config = await getServices(context).api.getTenantConfig();
    if (!findAsset(config, code)) throw redirect(NOT_AVAILABLE_PATH);
    return next();
  };
}
