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

/** A tiny Nominatim look-alike over the sandbox municipalities' addresses (mounted at `/geocoder`). */
export function createGeocoderRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const addresses = store.tenants.flatMap((t) => t.content.addresses);
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
