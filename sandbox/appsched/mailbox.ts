import express from "express";
import type { SandboxStore } from "../types.ts";
import type { MailMessage } from "./appointment-types.ts";
import { getPortalBase, renderMailboxPage } from "./mailbox-page.ts";

/**
 * The sandbox's outbox, mounted at `/__sandbox`: `GET mailbox` (HTML page) and `GET mailbox.json`, newest first.
 * Filters: `?to=` (recipient, case-insensitive) and `?tenant=`. `?portal=http://host:port` turns the portal-relative
 * links into absolute ones (the page is served on the sandbox's port, not the portal's).
 */
export function createMailboxRouter(store: SandboxStore): express.Router {
  const router = express.Router();

  router.get("/mailbox.json", (req, res) => {
    const base = getPortalBase(req.query.portal);
    const messages = selectMessages(store, req.query);
    res.json(messages.map((message) => ({ ...message, url: message.link ? base + message.link : null })));
  });

  router.get("/mailbox", (req, res) => {
    res
      .type("html")
      .send(renderMailboxPage(selectMessages(store, req.query), getPortalBase(req.query.portal)));
  });

  return router;
}

function selectMessages(store: SandboxStore, query: express.Request["query"]): MailMessage[] {
  const to = typeof query.to === "string" ? query.to.toLowerCase() : null;
  const tenant = typeof query.tenant === "string" ? query.tenant : null;
  return store.state.appsched.mailbox
    .filter((message) => (!to || message.to.toLowerCase() === to) && (!tenant || message.tenantId === tenant))
    .toReversed();
}
