import { pino, type Logger, type LevelWithSilent } from "pino";

/** Paths removed from every log line, whatever logs them. */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-xsrf-token"]',
  "res.headers['set-cookie']",
  "headers.cookie",
  "headers.authorization",
  "cookie",
  "authorization",
  "password",
  "*.password",
  "codiceFiscale",
  "*.codiceFiscale",
  "codFisc",
  "*.codFisc",
  // the e-mailed appointment hash is a bearer secret (URLs are redacted by shared/redact.ts)
  "hash",
  "*.hash",
];

export function createLogger(level: LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "portale-del-cittadino" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
