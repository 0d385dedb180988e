import { useEffect, useState } from "react";
import { formatDate } from "#shared/dates.ts";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";

/**
 * One clock for a code: "Il codice è valido fino alle HH:mm" from the server (the same without JavaScript). Once the
 * time is up in the browser, the line says so instead ("Il codice è scaduto: chiedine uno nuovo."), in a polite live
 * region; no running countdown beside it.
 */
export function OtpCountdown({ expires }: { expires: string }) {
  const t = useT(profileIt);
  const locale = useLocale();
  const end = Date.parse(expires);
  // The code (its end) whose time is up in this browser; a new code starts with its own end.
  const [expiredEnd, setExpiredEnd] = useState<number | null>(null);
  const expired = expiredEnd === end;
  useEffect(() => {
    // Timers cap at about 24.8 days; a code lives minutes. A code already past its end is told at once.
    const left = Math.min(Math.max(0, end - Date.now()), 2 ** 31 - 1);
    const timer = setTimeout(() => setExpiredEnd(end), left);
    return () => clearTimeout(timer);
  }, [end]);
  return (
    <p className="mb-3" role="status">
      {expired
        ? t("profile.otp.expiredNow")
        : t("profile.otp.validUntil", { time: formatDate(end, "HH:mm", locale) })}
    </p>
  );
}
