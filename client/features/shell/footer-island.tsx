import { ServerIsland } from "#client/components/server-island/server-island.tsx";
import { FOOTER_ATTRIBUTES, FooterContent } from "./footer.tsx";
import { FOOTER_ISLAND, type FooterView } from "#client/lib/shell-view.ts";

/**
 * The footer, rendered on the server only (the root loader keeps its view with `keepForDocument`). It shows the
 * municipality configuration (menus, contacts, socials) and never changes while a page is open, so its data stays
 * out of the hydration data; the configuration is refreshed on the next full page load.
 */
export function FooterIsland() {
  return (
    <ServerIsland<FooterView>
      as="footer"
      {...FOOTER_ATTRIBUTES}
      name={FOOTER_ISLAND}
      value={null}
      render={(footer) => <FooterContent {...footer} />}
    />
  );
}
