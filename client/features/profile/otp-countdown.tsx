import { useEffect, useState } from "react";
import { formatDate } from "#shared/dates.ts";
import { useHydrated } from "#client/components/ui/use-hydrated.ts";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";

function minutesLeft(expires: number, now: number): number {
  return Math.ceil(Math.max(0, expires - now) / 60000);
}

/**
 * "Valido fino alle HH:mm" from the server; once hydrated, a visible mm:ss countdown (hidden from screen readers)
 * and a polite live region that speaks at most once a minute (when the minutes left change).
 */
export function OtpCountdown({ expires }: { expires: string }) {
  const t = useT(profileIt);
  const locale = useLocale();
  const hydrated = useHydrated();
  const end = Date.parse(expires);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((end - now) / 1000));
  const minutes = minutesLeft(end, now);
  const spoken =
    seconds === 0
      ? t("profile.otp.expiredNow")
      : minutes <= 1
        ? t("profile.otp.remainingSeconds")
        : t("profile.otp.remaining", { count: minutes });
  return (
    <div className="mb-3">
      <p className="mb-1">{t("profile.otp.validUntil", { time: formatDate(end, "HH:mm", locale) })}</p>
      {hydrated ? (
        <>
          <p className="mb-0 fw-semibold" aria-hidden="true" data-testid="otp-timer">
            {String(Math.floor(seconds / 60)).padStart(2, "0")}:{String(seconds % 60).padStart(2, "0")}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {spoken}
          </p>
        </>
      ) : null}
    </div>
  );
}
