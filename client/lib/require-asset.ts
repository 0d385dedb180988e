import { redirect, type MiddlewareFunction } from "react-router";
import { findAsset, type AssetCode } from "#shared/api/tenant-config.ts";
import { href } from "./links.ts";
import { getServices } from "./services.ts";

/** Route middleware: a page tied to a service redirects when the municipality has not enabled that service. */
export function requireAsset(code: AssetCode): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    const config = await getServices(context).api.getTenantConfig();
    if (!findAsset(config, code)) throw redirect(href("/servizio-non-disponibile"));
    return next();
  };
}
