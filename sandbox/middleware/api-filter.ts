import type { RequestHandler } from "express";
import { sendFilterError } from "../http.ts";
import { getLocals } from "../types.ts";

// Login must reach the identity provider; logout of an expired session should still land on the home page.
const open = new Set(["/api/utenti/login", "/api/utenti/logout"]);

/** The BFF's SSO filter: every `/api/*` call needs a citizen. */
export const requireCitizenOnApi: RequestHandler = (req, res, next) => {
  if (!req.path.startsWith("/api/") || open.has(req.path) || getLocals(res).citizen) return next();
  sendFilterError(res, 401, "Token shibbolet non presente");
};
