import { useT } from "#client/i18n/i18n-context.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
import { href } from "#client/lib/links.ts";

export const devLoginToggleAction = href("/dev/simulazione-logout");

type DevLoginToggleProps = { loggedOut: boolean; xsrfToken?: string; action?: string };

/** Development-only switch (render it only when `env.devTools`): posts to the action that flips the simulation. */
export function DevLoginToggle({ loggedOut, xsrfToken, action = devLoginToggleAction }: DevLoginToggleProps) {
  const t = useT();
  return (
    <form method="post" action={action} className="dev-login-toggle me-2">
      <XsrfField token={xsrfToken} />
      <button type="submit" className="btn btn-sm btn-outline-light">
        {loggedOut ? t("dev.simulateLogin") : t("dev.simulateLogout")}
      </button>
    </form>
  );
}
