import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageTitle } from "#client/lib/titles.ts";
import { ErrorPage } from "#client/features/errors/error-page.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Pagina non trovata");

export default function NotFound() {
  return <ErrorPage status={404} />;
}
