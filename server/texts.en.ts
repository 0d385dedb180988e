import type { serverIt } from "./texts.ts";

/** The server's own answers in English: every key of `serverIt` (texts.ts). */
export const serverEn: Record<keyof typeof serverIt, string> = {
  "server.badRequest.title": "Invalid request",
  "server.badRequest.message": "Invalid request.",
  "server.badHost.message": "The address of the site requested is not valid.",
  "server.methodNotAllowed.title": "Method not allowed",
  "server.methodNotAllowed.message": "The request method is not allowed on this site.",
  "server.formRefused.title": "Access denied",
  "server.formRefused.message":
    "The request was not accepted because the form has expired or does not come from this portal: nothing was sent. Go back to the form's page, open it again and try again.",
  "server.unknownTenant.title": "Municipality not found",
  "server.unknownTenant.message":
    "This address does not belong to any municipality served by the portal. Check the address you typed.",
  "server.error.title": "An error occurred",
  "server.error.tooLarge": "The content sent is too large.",
  "server.error.invalid": "The request is not valid.",
  "server.error.unexpected": "An unexpected error occurred. Please try again in a few minutes.",
  "server.fileNotFound": "File not found.",
  "server.headersTooLarge": "The request headers are too large. Clear the site's cookies and try again.",
  "server.tooLarge.title": "Content too large",
  "server.tooLarge.message": "The content sent is too large (at most {max}).",
  "server.pageTitle": "{title} - Citizen Portal",
  "server.shed.title": "The portal is very busy at the moment",
  "server.shed.message":
    "The portal is very busy at the moment: please try again in a few seconds. We apologise for the inconvenience.",
  "server.shed.page":
    "We are receiving many requests at once. Please try again in {seconds} seconds: we apologise for the inconvenience.",
  "server.shed.reload": "Reload the page",
  "server.upstream.400": "The request is not valid.",
  "server.upstream.401": "To continue you need to log in with your digital identity.",
  "server.upstream.403": "You are not allowed to do this.",
  "server.upstream.404": "The requested resource does not exist or is no longer available.",
  "server.upstream.405": "The municipality's service does not allow this operation.",
  "server.upstream.409": "The request conflicts with the current state.",
  "server.upstream.422": "The data sent were not accepted.",
  "server.upstream.502":
    "The municipality's service is not answering correctly. Please try again in a few minutes.",
  "server.upstream.504":
    "The municipality's service did not answer in time. Please try again in a few minutes.",
  "server.upstream.unreachable":
    "The municipality's service cannot be reached at the moment. Please try again in a few minutes.",
  "server.proxy.notRelayed": "The requested resource does not exist.",
  "server.proxy.invalidAddress": "Invalid request address.",
  "server.proxy.foreignFiscalCode":
    "Operation not allowed: you can only access your own data, with the tax code of the logged-in user.",
  "server.geocoding.busy": "Too many address searches at the moment. Please try again in a few seconds.",
  "server.geocoding.unavailable":
    "The address search is not available at the moment. Please try again later.",
  "server.geocoding.invalid": "Invalid search parameters.",
  "server.geocoding.tooShort": "Type at least 3 characters.",
  "server.geocoding.tooLong": "The text is too long.",
};
