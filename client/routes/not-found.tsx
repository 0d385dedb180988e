import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { metaT, pageTitle } from "#client/lib/titles.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches)("error.404.title"), metaT(matches)("error.404.message"));

export default function NotFound() {
  return <ErrorPage status={404} />;
}
