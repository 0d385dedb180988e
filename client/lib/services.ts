import type { RouterContextProvider } from "react-router";
import { servicesContext, type RequestServices } from "#client/context.ts";

export function getServices(context: Readonly<RouterContextProvider>): RequestServices {
  return context.get(servicesContext);
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}
