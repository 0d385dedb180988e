import express from "express";
import { z } from "zod";
import { isValidFiscalCode } from "../fiscal-code.ts";
import { sendError, sendRawString } from "../http.ts";
import { playsGaps } from "../gaps.ts";
import { isOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import { createOtp, otpRowDto, smsAttemptsLeft, verifyOtp } from "./otp.ts";

const RequestSchema = z.object({
  codiceFiscale: z.string().min(11).max(16),
  tipoRichiesta: z.enum(["EMAIL", "SMS"]),
  contatto: z.string().min(3).max(254),
});

/**
 * The BFF's OTP service under `/api-public/otp`. Unlike the BFF, the answer never carries the code, there is no
 * endpoint listing the rows, only the logged-in citizen may ask for their own fiscal code, and wrong codes are capped.
 * Gaps mode plays the BFF (contract §8): the answer is the whole row with the code, `GET /` lists every row, any
 * fiscal code may ask (anonymously too), nothing is capped.
 */
export function createOtpRouter(store: SandboxStore): express.Router {
  const router = express.Router();

  router.get("/", (_req, res, next) => {
    if (!playsGaps(store)) return next();
    res.json(store.state.otp.rows.map(otpRowDto));
  });

  router.post("/", express.json({ limit: "5kb" }), (req, res) => requestCode(store, req, res));

  router.get("/verify", (req, res) => verifyCode(store, req, res));

  router.get("/channels/sms/attempts-left", (req, res) => {
    const cf = req.query.cf;
    if (typeof cf !== "string") return sendError(res, 400, "Richiesta non valida");
    if (!playsGaps(store)) {
      if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
      if (!isOwnFiscalCode(res, cf))
        return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
    }
    res.json({ attemptsLeft: smsAttemptsLeft(store.state, cf.toUpperCase(), new Date()) });
  });

  return router;
}

/**
 * `POST /`: a new code for a fiscal code (the caller's own; anonymous visitors by e-mail only), to the e-mail or
 * mobile named; SMS codes are limited per day.
 */
function requestCode(store: SandboxStore, req: express.Request, res: express.Response) {
  const parsed = RequestSchema.safeParse(req.body);
  if (!parsed.success) return sendError(res, 400, "Richiesta non valida");
  const { codiceFiscale, tipoRichiesta, contatto } = parsed.data;
  const gaps = playsGaps(store);
  // Anonymous visitors may ask for an e-mail code only (the anonymous assistance request confirms its e-mail).
  // Gaps mode: the BFF asks nobody who they are.
  if (!gaps && !getLocals(res).citizen) {
    if (tipoRichiesta !== "EMAIL") return sendError(res, 401, "Accesso non effettuato");
    if (!isValidFiscalCode(codiceFiscale.toUpperCase())) return sendError(res, 400, "Richiesta non valida");
  } else if (!gaps && !isOwnFiscalCode(res, codiceFiscale)) {
    return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
  }
  const valid = tipoRichiesta === "SMS" ? /^(0039|\+39)?\d{9,10}$/.test(contatto) : contatto.includes("@");
  if (!valid) return sendError(res, 400, "Richiesta non valida");
  const row = createOtp(
    store.state,
    {
      codiceFiscale: codiceFiscale.toUpperCase(),
      tipoRichiesta,
      contatto,
      tenantId: getLocals(res).tenant.id,
    },
    new Date(),
    undefined,
    { gaps },
  );
  if (row === "limit") return sendError(res, 403, "Limite richieste giornaliere SMS OTP superato");
  store.save();
  if (gaps) return void res.json(otpRowDto(row));
  res.json({ id: row.id, expirationDate: row.expirationDate, tipoRichiesta: row.tipoRichiesta });
}

/** `GET /verify?otp&cf&richiesta`: whether the code is valid for the caller's own fiscal code (then used up). */
function verifyCode(store: SandboxStore, req: express.Request, res: express.Response) {
  const { otp, cf, richiesta } = req.query;
  if (typeof otp !== "string" || typeof cf !== "string" || typeof richiesta !== "string") {
    return sendError(res, 400, "Richiesta non valida");
  }
  const gaps = playsGaps(store);
  if (!gaps) {
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    if (!isOwnFiscalCode(res, cf))
      return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
  }
  // `richiesta` is the BFF's enum TipoRichiestaOTP; Jersey answers 404 to any other value (a row id too).
  const outcome =
    richiesta === "EMAIL" || richiesta === "SMS"
      ? verifyOtp(
          store.state,
          { tipoRichiesta: richiesta, codiceFiscale: cf.toUpperCase(), otp },
          new Date(),
          {
            gaps,
          },
        )
      : "not-found";
  store.save();
  if (outcome === "valid") return sendRawString(res, 200, "OTP valido");
  if (outcome === "expired") return sendError(res, 403, "OTP Scaduto");
  sendError(res, 404, "OTP non trovato");
}
