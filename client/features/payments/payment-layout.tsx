import type { ReactNode } from "react";
import { Breadcrumb, type BreadcrumbItem } from "#client/components/ui/breadcrumb.tsx";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";

/** Breadcrumb Home / {parent} / {title}, the h1 and one reading column; `after` is full width (rating, contacts). */
export function PaymentLayout(props: {
  title: string;
  lead?: ReactNode;
  parent: "personal-area" | "services";
  children: ReactNode;
  after?: ReactNode;
}) {
  const t = useT(paymentsIt);
  const parent: BreadcrumbItem =
    props.parent === "personal-area"
      ? { name: t("payments.breadcrumbPersonalArea"), href: href("/area-personale") }
      : { name: t("payments.breadcrumbServices"), href: href("/servizi") };
  return (
    <>
      <div className="container">
        <div className="row justify-content-center">
          <div className="col-12 col-lg-10">
            <div className="cmp-breadcrumbs mt-3">
              <Breadcrumb
                items={[{ name: t("common.home"), href: href("/") }, parent, { name: props.title }]}
              />
            </div>
            <PageHero title={props.title} lead={props.lead} />
          </div>
        </div>
        <div className="row justify-content-center">
          <div className="col-12 col-lg-10 mb-5">{props.children}</div>
        </div>
      </div>
      {props.after}
    </>
  );
}
