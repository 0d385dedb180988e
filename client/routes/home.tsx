import type { Route } from "./+types/home";
import { pageTitle } from "#client/lib/titles.ts";
import { useRootData } from "#client/lib/root-data.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Servizi online");

export default function Home() {
  const { comune } = useRootData();
  return (
    <div className="container my-4">
      <h1 data-element="page-name">{comune.nome}</h1>
    </div>
  );
}
