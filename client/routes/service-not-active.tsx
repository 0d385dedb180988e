import { Link } from "react-router";
import type { Route } from "./+types/service-not-active";
import { pageTitle } from "#client/lib/titles.ts";
import { Breadcrumb } from "#client/components/ui/breadcrumb.tsx";
import { href } from "#client/lib/links.ts";

export const handle = { title: "Servizio non attivo" };

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, handle.title);

/** A service the municipality offers but has switched off for now (e.g. during its own maintenance). */
export default function ServiceNotActive() {
  return (
    <div className="container my-4">
      <Breadcrumb items={[{ name: "Home", href: href("/") }, { name: handle.title }]} />
      <h1 data-element="page-name">{handle.title}</h1>
      <p className="lead">Il servizio non è attivo in questo momento.</p>
      <p>Riprova più tardi oppure contatta il Comune per ricevere assistenza.</p>
      <Link className="btn btn-primary" to={href("/")}>
        Vai ai servizi online
      </Link>
    </div>
  );
}
