/**
 * The only configuration the browser receives. Never add secrets, upstream addresses or anything per-user here:
 * it is serialised into every page.
 */
export type PublicEnv = {
  /** True when the portal talks to the embedded sandbox upstream: pages say "Ambiente dimostrativo". */
  sandbox: boolean;
  /** True outside production: enables the development-only logout simulation. */
  devTools: boolean;
  /** The disruption report's map tiles (`{z}/{x}/{y}` URL template); absent: no map, the address search only. */
  mapTileUrl?: string;
};
