import type { serviceCardIt } from "./texts.ts";

/** The English of `serviceCardIt` (./texts.ts): exactly its keys. */
export const serviceCardEn: Record<keyof typeof serviceCardIt, string> = {
  // The checker reads the Italian page (the default); an English reader gets English titles.
  "serviceCard.addressed": "Who it is for",
  "serviceCard.howTo": "How to apply",
  "serviceCard.needed": "What you need",
  "serviceCard.achieved": "What you get",
  "serviceCard.calendar": "Times and deadlines",
  "serviceCard.costs": "Costs",
  "serviceCard.conditions": "Terms of service",
  "serviceCard.conditionsText":
    "Read the terms and conditions of service for deadlines, requirements and other details.",
  "serviceCard.conditionsFile": "{title} (PDF)",
  "serviceCard.topics": "Topics",
  "serviceCard.statusReason": "Reason",
  "serviceCard.office": "Responsible office",
  "serviceCard.address": "Address",
  "serviceCard.videoCall": "Video call reception",
  "serviceCard.videoCallLink": "Start the video call with {office}",
  "serviceCard.phone": "Phone",
  "serviceCard.email": "E-mail",
  "serviceCard.hours": "Opening hours",
  "serviceCard.bookingFromServiceText":
    "You can book an appointment with the offices responsible for this service.",
  "serviceCard.genericText":
    "You can use the service at the responsible office: its address, hours and contacts are under Contacts.",
  "serviceCard.genericLink": "Go to the office's contacts",
  "serviceCard.inactiveText":
    "The service is not active at the moment: try again later or contact the responsible office.",
};
