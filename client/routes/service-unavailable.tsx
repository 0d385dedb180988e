import { Link } from "react-router";
import type { Route } from "./+types/service-unavailable";
import { pageTitle } from "#client/lib/titles.ts";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { href } from "#client/lib/links.ts";

export const handle = { title: "Servizio non disponibile" };

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, handle.title);

/** Where routes tied to a service the municipality has not enabled send the citizen. */
export default function ServiceUnavailable() {
  return (
    <div className="container my-4">
      <Breadcrumb items={[{ name: "Home", href: href("/") }, { name: handle.title }]} />
      <h1 data-element="page-name">{handle.title}</h1>
      <p className="lead">Il servizio che hai cercato non è disponibile per questo Comune.</p>
      <p>Puoi consultare gli altri servizi online dalla pagina iniziale o contattare il Comune.</p>
      <Link className="btn btn-primary" to={href("/")}>
        Vai ai servizi online
      </Link>
    </div>
  );
}
