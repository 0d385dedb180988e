import type { BaseKey } from "./it.ts";

/**
 * English texts of the base catalogue (`it.ts`): the type makes every base key mandatory here. The features' English
 * texts are in their own `texts.en.ts`; the app layer puts them all together (`client/texts.en.ts`), since an English
 * page needs them all at once.
 */
export const baseEn: Record<BaseKey, string> = {
  "common.newWindow": "(opens in a new window)",

  "skip.content": "Skip to content",
  "skip.footer": "Skip to footer",

  "sandbox.title": "Demo environment:",
  "sandbox.body": "the data are fictitious and no request is sent to the municipality.",

  "degraded.title": "Some services are not available at the moment.",
  "degraded.body":
    "The municipality's service is not answering: you can read the information pages; try the online services again later.",

  "header.tagline": "Citizen Portal",
  "header.language": "Site language",
  "header.login": "Log in to your personal area",
  "header.personalArea": "Personal area",
  "header.profile": "Profile",
  "header.logout": "Log out",

  "dev.simulateLogout": "Simulate logout",
  "dev.simulateLogin": "Simulate login",

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
  "footer.own.faq": "Read the FAQ",
  "footer.own.assistance": "Request assistance",
  "footer.own.booking": "Book an appointment",
  "footer.own.report": "Report a disruption",
  "footer.own.privacy": "Privacy notice",
  "footer.own.legalNotes": "Legal notes",
  "footer.own.accessibility": "Accessibility statement",

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
  "rating.star.one": "Rate {count} star out of 5",
  "rating.star.other": "Rate {count} stars out of 5",
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
  "upload.choose": "Upload file",
  "upload.chooseMany": "Upload files",
  "upload.chosen": "File chosen, to be sent:",
  "upload.held": "File attached:",
  "upload.fitting": "Making the photo smaller for sending…",
  "upload.reduced": "{size}, photo made smaller from {from} for sending",

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

  "messageCard.read": "Read",
  "messageCard.unread": "Unread",

  "pagination.label": "Page navigation",
  "pagination.previous": "Previous page",
  "pagination.next": "Next page",
  "pagination.page": "Page",

  "faq.routeTitle": "FAQ",
  "faq.title": "Frequently asked questions",
  "faq.lead": "Answers to the most common questions about the municipality's services.",
  "faq.searchLabel": "Search the frequently asked questions",
  "faq.searchSubmit": "Search",
  "faq.searchPageTitle": "Search",
  "faq.categories": "Categories",
  "faq.noCategories": "The municipality has not published any frequently asked questions yet.",
  "faq.resultsTitle": "Search results",
  "faq.resultsNone": "No question found for “{query}”.",
  "faq.results.one": "{count} question found for “{query}”.",
  "faq.results.other": "{count} questions found for “{query}”.",
  "faq.resultsHint": "Try different words or browse the categories.",
  "faq.searchTooShort": "Type at least two characters to search for.",
  "faq.subcategories": "Subcategories",
  "faq.questions": "Questions",
  "faq.noQuestions": "There are no questions in this category.",
  "faq.allCategories": "All categories",
  "faq.backToFaq": "Back to the frequently asked questions",
  "faq.backToCategory": "More questions in “{name}”",
  "faq.notFound.title": "Question not found",
  "faq.notFound.text": "The question you are looking for does not exist or is no longer available.",
  "faq.categoryNotFound.title": "Category not found",
  "faq.categoryNotFound.text": "The category you are looking for does not exist or is no longer available.",
  "faq.unavailable":
    "The frequently asked questions are not available at the moment. Please try again later.",

  "service.breadcrumb": "Services",
  "service.statusActive": "Service active",
  "service.statusInactive": "Service not active",
  "service.category": "Category",
  "service.pageIndex": "Page index",
  "service.access.title": "Access the service",
  "service.access.onlineText": "You can use the service online, with your digital identity (SPID or CIE).",
  "service.access.online": "Access the service",
  "service.access.bookingText": "You can book an appointment at the municipal offices.",
  "service.access.booking": "Book an appointment",
  "service.access.inactive":
    "The service is not active at the moment. Please try again later or contact the municipality.",
  "service.delegation.title": "Delegation",
  "service.delegation.text":
    "You can also use this service on behalf of another person who has delegated you.",
  "service.moreInfo.title": "More information",
  "service.moreInfo.link": "Read the service page on the municipality's website",
  "service.contacts.title": "Contacts",
  "service.contacts.assistance": "Ask for assistance",
  "service.contacts.faq": "Read the frequently asked question about the service",
  "service.notFound.title": "Service not found",
  "service.notFound.text": "The service you are looking for does not exist or is no longer available.",
  "meta.description":
    "{title}: a page of the online services of {comune}, to book, pay, report and follow your requests.",
  "home.title": "Online services",
  "home.lead":
    "The digital services of {comune}: book, pay, report and follow your requests whenever you like.",
  "home.highlights": "Highlights",
  "home.booking.title": "Book an appointment",
  "home.booking.text": "Choose the office, the day and the time.",
  "home.assistance.title": "Ask for assistance",
  "home.assistance.text": "Write to the municipality, we will answer by e-mail.",
  "home.report.title": "Report a disruption",
  "home.report.text": "A broken street light, a pothole, abandoned waste.",
  "home.allServices": "All services",
  "home.noServices": "The municipality has not published any online services yet.",
  "services.unavailable":
    "The municipality's services are not available at the moment. Please try again in a few minutes.",

  "common.home": "Home",
  "common.toOnlineServices": "Go to the online services",
  "common.unread.one": "{count} unread message",
  "common.unread.other": "{count} unread messages",
  "common.retryLater": "Try again in a few minutes. The rest of the personal area is available.",

  "logout.title": "You have left your personal area",
  "logout.lead":
    "Your session is closed: to enter your personal area again, log in with your digital identity.",
  "logout.toHome": "Back to the home page",
  "logout.confirm.title": "Do you want to leave your personal area?",
  "logout.confirm.lead":
    "You came here from another site. Log out only if you mean to: the forms you are filling in will be lost.",
  "logout.confirm.submit": "Log out",
  "logout.confirm.stay": "Stay on the portal",
  "serviceNotActive.title": "Service not active",
  "serviceNotActive.lead": "The service is not active at the moment.",
  "serviceNotActive.text": "Please try again later or contact the municipality for assistance.",
  "serviceUnavailable.title": "Service not available",
  "serviceUnavailable.lead": "The service you looked for is not available for this municipality.",
  "serviceUnavailable.text":
    "You can browse the other online services from the home page or contact the municipality.",
  "service.routeTitle": "Service",

  "maintenance.denied": "Authorisation denied",
  "maintenance.tooManyAttempts.one": "Too many login attempts. Please try again in {count} minute.",
  "maintenance.tooManyAttempts.other": "Too many login attempts. Please try again in {count} minutes.",

  "ratingPage.title": "Rate the page",
  "ratingPage.stars": "Choose a score from 1 to 5 stars.",
  "ratingPage.answer": "Choose one of the answers.",
  "ratingPage.detailsTooLong": "Enter at most {count} characters.",
  "ratingPage.failed": "Your rating could not be sent. Please try again in a few minutes.",

  "error.code": "Error code: {code}",
  "error.toHome": "Back to the home page",
  "error.toForm": "Open the form again",
  "download.failed": "The file could not be downloaded. Check your connection and try again.",
  "error.400.title": "Invalid request",
  "error.400.message": "The request contains invalid data.",
  "error.401.title": "Login required",
  "error.401.message": "To see this page you need to log in with your digital identity.",
  "error.403.title": "Access denied",
  "error.403.message": "You are not allowed to see this page.",
  "error.404.title": "Page not found",
  "error.404.message": "The page you are looking for does not exist or has been moved.",
  "error.413.title": "Content too large",
  "error.413.message": "The content sent is larger than allowed.",
  "error.502.title": "Service not available",
  "error.502.message":
    "The municipality's service is not answering correctly. Please try again in a few minutes.",
  "error.503.title": "Service not available",
  "error.503.message": "The service is temporarily not available.",
  "error.504.title": "Service not available",
  "error.504.message":
    "The municipality's service did not answer in time. Please try again in a few minutes.",
  "error.other.title": "An error occurred",
  "error.other.message": "Something went wrong. Please try again in a few minutes.",

  "form.fileTooLarge": "Each attached file can be at most {size} MB.",
  "form.tooManyFiles": "You can attach at most {count} files.",
  "form.uploading.one": "Sending the attached file ({size} MB)…",
  "form.uploading.other": "Sending {count} attached files ({size} MB)…",
  "form.xsrfRejected":
    "The request was not accepted because the form has expired or does not come from this portal: nothing was sent. Open the form again and try again.",
  "form.unreadable": "The form sent cannot be read. Reload the page and try again.",
  "flow.summaryChanged.title": "The summary has changed",
  "flow.summaryChanged.text":
    "The details were changed, for example in another window, after you opened the summary: the request was not sent. Check the details below and confirm again.",

  "store.quota":
    "You already have many files or requests pending on this portal: complete or cancel those in progress, or try again in a few minutes. What you typed has been kept.",
  "store.unavailable":
    "The service that keeps form data is not answering right now: try again in a few minutes. What you typed has been kept.",
  "store.full":
    "The portal has too many requests in progress and cannot keep your data right now: try again in a few minutes. What you typed has been kept.",
};
