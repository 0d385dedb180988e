import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";

/** The anonymous login link of the slim header (`data-element="personal-area-login"`, read by the AGID checker). */
export function LoginButton({ href }: { href: string }) {
  const t = useT();
  return (
    <a className="btn btn-primary btn-icon btn-full" href={href} data-element="personal-area-login">
      <span className="rounded-icon" aria-hidden="true">
        <Icon name="it-user" className="icon-primary" />
      </span>
      <span className="d-none d-lg-block">{t("header.login")}</span>
      <span className="visually-hidden d-lg-none">{t("header.login")}</span>
    </a>
  );
}
