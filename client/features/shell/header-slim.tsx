import type { ComuneConfig } from "#shared/api/tenant-config.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { DevLoginToggle } from "./dev-login-toggle.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { LoginArea, type LoginAreaProps } from "./login-area.tsx";

export type HeaderSlimProps = LoginAreaProps & {
  regione: ComuneConfig["regione"];
  devTools: boolean;
  xsrfToken?: string;
};

export function HeaderSlim({ regione, devTools, xsrfToken, ...login }: HeaderSlimProps) {
  const t = useT();
  return (
    <div className="it-header-slim-wrapper">
      <div className="container">
        <div className="row">
          <div className="col-12">
            <div className="it-header-slim-wrapper-content">
              {regione.link ? (
                <a
                  className="d-lg-block navbar-brand me-3"
                  href={regione.link}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {regione.nome}
                  <span className="visually-hidden">{` ${t("common.newWindow")}`}</span>
                </a>
              ) : (
                // A region without a portal address (the BFF allows it): its name, not a link to nowhere.
                <span className="d-lg-block navbar-brand me-3">{regione.nome}</span>
              )}
              <div className="it-header-slim-right-zone">
                <LanguageSwitcher />
                {devTools && (login.user || login.devLoggedOut) ? (
                  <div className="d-none d-lg-block">
                    <DevLoginToggle loggedOut={login.devLoggedOut ?? false} xsrfToken={xsrfToken} />
                  </div>
                ) : null}
                <LoginArea {...login} />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
