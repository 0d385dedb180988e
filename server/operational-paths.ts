/**
 * The paths the portal answers for the machinery around it rather than for citizens, named once. The operations
 * router serves them; the overload guard never sheds them; the HTTP metrics label them `operations`; the access log
 * skips the probes; the page cache never keeps them; the static files are served under the assets prefix.
 * `operational-paths.test.ts` checks that each of those agrees with this module, and that the Kubernetes probes
 * (`deploy/kubernetes/base/deployment.yaml`) and the image's `HEALTHCHECK` (`Dockerfile`) ask for these paths.
 *
 * There is no `/livez`: `/healthz` is the liveness probe (the process answers), `/readyz` the readiness probe.
 */

/** Liveness: the process answers (Kubernetes liveness and startup probes, the image's HEALTHCHECK). */
export const HEALTH_PATH = "/healthz";
/** Readiness: every municipality's pages can be served (Kubernetes readiness probe). */
export const READY_PATH = "/readyz";
/** Prometheus metrics (for the monitoring network; the Ingress blocks it). */
export const METRICS_PATH = "/metrics";
/** React Router's lazy route discovery (`/__manifest?p=…&version=…`): a click on a loaded page's link needs it. */
export const ROUTE_MANIFEST_PATH = "/__manifest";
/** The build's hashed static files (scripts, styles, fonts, the icon sprite). */
export const ASSETS_PREFIX = "/assets";

/** What the operations router serves. */
export const OPERATIONS_PATHS: readonly string[] = [HEALTH_PATH, READY_PATH, METRICS_PATH];
/** The orchestrator's probes: asked every few seconds, never written to the access log. */
export const PROBE_PATHS: readonly string[] = [HEALTH_PATH, READY_PATH];

export function isOperationsPath(path: string): boolean {
  return OPERATIONS_PATHS.includes(path);
}

/** A probe, by the request's raw target (`req.url`, query included: a probe never carries one). */
export function isProbeTarget(url: string | undefined): boolean {
  return url !== undefined && PROBE_PATHS.includes(url);
}

export function isAssetPath(path: string): boolean {
  return path.startsWith(`${ASSETS_PREFIX}/`);
}
