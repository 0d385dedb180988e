import type { ReactNode } from "react";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";

export type ProfileLayoutProps = {
  nome: string;
  cognome: string;
  codFisc: string;
  /** The page's own title when it is not the profile itself (the wizard, a confirmation). */
  title?: string;
  children: ReactNode;
};

/** Breadcrumb Home / Area personale / Profilo utente [/ page], the h1, the citizen's name and fiscal code. */
export function ProfileLayout({ nome, cognome, codFisc, title, children }: ProfileLayoutProps) {
  const t = useT(profileIt);
  const trail = [
    { name: t("common.home"), href: href("/") },
    { name: t("profile.breadcrumbArea"), href: href("/area-personale") },
    title
      ? { name: t("profile.title"), href: href("/area-personale/profilo-utente") }
      : { name: t("profile.title") },
    ...(title ? [{ name: title }] : []),
  ];
  return (
    <div className="container">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10">
          <div className="cmp-breadcrumbs mt-3">
            <Breadcrumb items={trail} />
          </div>
          <div className="cmp-heading pb-3 pb-lg-4">
            <h1 className="title-xxxlarge" data-element="page-name">
              {title ?? t("profile.title")}
            </h1>
            <p className="subtitle-small mb-0">
              {nome} {cognome}
            </p>
            <p className="subtitle-small mb-0">{t("profile.fiscalCode", { codFisc })}</p>
          </div>
        </div>
      </div>
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10 mb-5">{children}</div>
      </div>
    </div>
  );
}
