import express from "express";
import type { Request, Response } from "express";
import { nearestAddress, searchAddresses, toNominatim } from "../geocoder.ts";
import type { SandboxStore } from "../types.ts";

function param(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === "string" ? value : "";
}

function nominatimError(res: Response, message: string): void {
  res.status(400).json({ error: { code: 400, message } });
}

function hasJsonFormat(req: Request): boolean {
  return ["", "json", "jsonv2"].includes(param(req, "format"));
}

/** How many arrival times `/geocoder/__requests` keeps (the oldest go first). */
const MAX_ARRIVALS = 10_000;

/**
 * A tiny Nominatim look-alike over the sandbox municipalities' addresses (mounted at `/geocoder`). It counts the
 * lookups it answers (`GET /geocoder/__requests`: `{ count, arrivals }`, arrival times in ms since the epoch), so a
 * test can check what all the portal's replicas together sent it (Nominatim's 1 request/s usage policy).
 */
export function createGeocoderRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const addresses = store.tenants.flatMap((t) => t.content.addresses);
  let count = 0;
  const arrivals: number[] = [];
  router.use(["/search", "/reverse"], (_req, _res, next) => {
    count++;
    arrivals.push(Date.now());
    if (arrivals.length > MAX_ARRIVALS) arrivals.splice(0, arrivals.length - MAX_ARRIVALS);
    next();
  });
  router.get("/__requests", (_req, res) => {
    res.set("cache-control", "no-store").json({ count, arrivals });
  });
  router.get("/search", (req, res) => {
    if (!hasJsonFormat(req))
      return nominatimError(res, "Only format=json is supported by the sandbox geocoder.");
    const limit = Math.min(Math.max(Number(param(req, "limit")) || 10, 1), 40);
    const found = searchAddresses(addresses, param(req, "q").slice(0, 200)).slice(0, limit);
    res.json(found.map((a) => toNominatim(a, param(req, "addressdetails") === "1")));
  });
  router.get("/reverse", (req, res) => {
    if (!hasJsonFormat(req))
      return nominatimError(res, "Only format=json is supported by the sandbox geocoder.");
    const [lat, lon] = [Number.parseFloat(param(req, "lat")), Number.parseFloat(param(req, "lon"))];
    if (!Number.isFinite(lat) || !Number.isFinite(lon))
      return nominatimError(res, "Parameter 'lat'/'lon' must be a number.");
    const address = nearestAddress(addresses, lat, lon);
    if (!address) return void res.json({ error: "Unable to geocode" });
    res.json(toNominatim(address, param(req, "addressdetails") !== "0"));
  });
  return router;
}
