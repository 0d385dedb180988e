import type { ReactNode } from "react";
import type { BreadcrumbItem } from "#client/components/ui/breadcrumb.tsx";
import { PageLayout } from "#client/components/ui/page-layout.tsx";
import { ContentText, useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";

/** Breadcrumb Home / {parent} / {title}, the h1 and one reading column; `after` is full width (rating, contacts). */
export function PaymentLayout(props: {
  title: string;
  /** The title is the municipality's own text (a payment service's name): marked Italian on an English page. */
  titleIsContent?: boolean;
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
    <PageLayout
      breadcrumb={[
        { name: t("common.home"), href: href("/") },
        parent,
        { name: props.title, content: props.titleIsContent },
      ]}
      title={props.titleIsContent ? <ContentText>{props.title}</ContentText> : props.title}
      lead={props.lead}
      after={props.after}
    >
      {props.children}
    </PageLayout>
  );
}
