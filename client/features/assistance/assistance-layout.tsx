import type { ReactNode, Ref } from "react";
import { PageLayout } from "#client/components/ui/page-layout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { assistanceIt } from "./texts.ts";

/** Breadcrumb Home / Assistenza, the h1 and one reading column. */
export function AssistanceLayout({
  title,
  lead,
  children,
  headingRef,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT(assistanceIt);
  return (
    <PageLayout
      breadcrumb={[
        { name: t("common.home"), href: href("/") },
        { name: t("assistance.breadcrumb"), href: href("/nuova-richiesta") },
        { name: title },
      ]}
      title={title}
      lead={lead}
      headingRef={headingRef}
    >
      {children}
    </PageLayout>
  );
}
