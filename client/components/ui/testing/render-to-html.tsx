import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { I18nProvider, type Locale } from "#client/i18n/i18n-context.tsx";

/** Test helper: server-renders `element` inside a memory router at `url` (for components that use router hooks). */
export function renderToHtml(
  element: ReactElement,
  { url = "/", locale = "it" }: { url?: string; locale?: Locale } = {},
) {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(
    <I18nProvider locale={locale}>
      <Stub initialEntries={[url]} />
    </I18nProvider>,
  );
}

/** The opening tags in `html` that carry `data-element="<value>"`. */
export function findByDataElement(html: string, value: string): string[] {
  return html.match(new RegExp(`<[a-z0-9]+[^>]*data-element="${value}"[^>]*>`, "g")) ?? [];
}
