import type { MessageKey } from "./it.ts";

/** English strings: the type makes every Italian key mandatory here. */
export const en: Record<MessageKey, string> = {
  "common.newWindow": "(opens in a new window)",

  "skip.content": "Skip to content",
  "skip.footer": "Skip to footer",

  "sandbox.title": "Demo environment:",
  "sandbox.body": "the data are fictitious and no request is sent to the municipality.",

  "header.tagline": "Citizen Portal",
  "header.language": "Site language",
  "header.login": "Log in to your personal area",
  "header.personalArea": "Personal area",
  "header.profile": "Profile",
  "header.logout": "Log out",

  "dev.simulateLogout": "Simulate logout",
  "dev.simulateLogin": "Simulate login",

  "delegator.region": "Active delegation",
  "delegator.text": "You are using the service on behalf of {nome} {cognome} ({codiceFiscale})",
  "delegator.clear": "Clear delegator",

  "nav.site": "Site navigation",
  "nav.main": "Main menu",
  "nav.topics": "Topics menu",
  "nav.open": "Open the menu",
  "nav.close": "Close the menu",

  "search.label": "Search",
  "search.open": "Search the site",
  "search.title": "Search by keyword",
  "search.input": "Words to search for",
  "search.submit": "Search",
  "search.emptyHint": "Type at least one word to search for.",

  "social.followUs": "Follow us on",

  "footer.euLogo": "European Union logo",
  "footer.contacts": "Contacts",
  "footer.smallPrints": "Useful links",

  "contacts.title": "Contact the municipality",
  "contacts.faq": "Read the frequently asked questions",
  "contacts.assistance": "Ask for assistance",
  "contacts.booking": "Book an appointment",
  "contacts.problems": "Problems in town",
  "contacts.report": "Report a service disruption",

  "breadcrumb.label": "Breadcrumb",

  "toast.defaultTitle": "Attention",
  "toast.close": "Close notification",

  "spinner.loading": "Loading…",

  "modal.close": "Close the dialog",

  "maintenance.title": "Service under maintenance",
  "maintenance.lead": "The online services of {comune} are temporarily unavailable for maintenance.",
  "maintenance.operators": "If you are an authorised operator, log in with the maintenance credentials.",
  "maintenance.username": "Username",
  "maintenance.password": "Password",
  "maintenance.submit": "Confirm",
  "maintenance.submitting": "Checking the credentials",
  "maintenance.regionLink": "Go to the {regione} portal",
  "maintenance.homeLink": "Go to the {comune} website",

  "rating.title.page": "How clear is the information on this page?",
  "rating.title.service": "How easy was it to use this service?",
  "rating.legend": "Rate the page from 1 to 5 stars",
  "rating.star": "Rate {n} stars out of 5",
  "rating.negative.question": "Where did you have the most difficulty?",
  "rating.negative.1": "Sometimes the instructions were not clear",
  "rating.negative.2": "Sometimes the instructions were not complete",
  "rating.negative.3": "Sometimes I could not tell whether I was proceeding correctly",
  "rating.negative.4": "I had technical problems",
  "rating.positive.question": "What did you like most?",
  "rating.positive.1": "The instructions were clear",
  "rating.positive.2": "The instructions were complete",
  "rating.positive.3": "I always knew I was proceeding correctly",
  "rating.positive.4": "I had no technical problems",
  "rating.other": "Other",
  "rating.details": "Would you like to add more details?",
  "rating.honeypot": "Do not fill in this field",
  "rating.submit": "Send",
  "rating.sending": "Sending",
  "rating.thanks": "Thank you, your feedback will help us improve the service!",
  "rating.errors.rating": "Choose from 1 to 5 stars.",
  "rating.errors.option": "Choose one of the answers.",

  "field.required": "required",
  "field.requiredMessage": "Required field",
  "field.clear": "Clear the field {label}",
  "field.charactersLeft": "Characters left: {count}",

  "errors.summaryTitle": "Please correct the following errors",

  "stepper.label": "Steps of the procedure: step {current} of {total}",
  "stepper.active": "Current",
  "stepper.confirmed": "Confirmed",

  "callout.info": "Information",
  "callout.success": "Completed",
  "callout.warning": "Attention",
  "callout.danger": "Error",
  "callout.important": "Important",
  "callout.note": "Note",

  "pagination.label": "Page navigation",
  "pagination.previous": "Previous page",
  "pagination.next": "Next page",
  "pagination.page": "Page",
};
