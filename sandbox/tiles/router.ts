import express from "express";
import { LRUCache } from "lru-cache";
import type { SandboxStore } from "../types.ts";
import { coveredAreas, drawTile, isCovered } from "./tiles.ts";

/** `GET /tiles/{z}/{x}/{y}.png` (mounted under `/__sandbox`): the fictional towns' map tiles, 404 elsewhere. */
export function createTilesRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const towns = store.tenants.map((t) => t.content.addresses);
  const addresses = towns.flat();
  const areas = coveredAreas(towns);
  const cache = new LRUCache<string, Buffer>({ max: 2000 });
  router.get("/tiles/:z/:x/:file", (req, res) => {
    const match = /^(\d+)\.png$/.exec(req.params.file);
    const [z, x, y] = [Number(req.params.z), Number(req.params.x), Number(match?.[1])];
    if (!match || !/^\d+$/.test(req.params.z) || !/^\d+$/.test(req.params.x) || !isCovered(areas, z, x, y)) {
      res.status(404).type("text/plain").send("Tile not available in the sandbox");
      return;
    }
    const key = `${z}/${x}/${y}`;
    let png = cache.get(key);
    if (!png) {
      png = drawTile(addresses, z, x, y);
      cache.set(key, png);
    }
    res.set({
      "content-type": "image/png",
      "cache-control": "public, max-age=86400",
      "access-control-allow-origin": "*",
      "cross-origin-resource-policy": "cross-origin",
    });
    res.send(png);
  });
  return router;
}
