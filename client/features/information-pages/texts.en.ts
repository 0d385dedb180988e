import type { informationIt } from "./texts.ts";

/**
 * The English of `informationIt` (./texts.ts): exactly its keys. The licence text is an English rendering of the
 * Modello Comuni's; the checker reads the Italian page.
 */
export const informationEn: Record<keyof typeof informationIt, string> = {
  "information.topics.title": "Topics",
  "information.topics.lead": "The municipality's information and online services, grouped by topic.",
  "information.topics.description":
    "{municipality}: the topics of the portal and, for each, its online services.",
  "information.topics.empty": "There are no topics with online services yet.",
  "information.topic.none": "No online services",
  "information.topic.services.one": "{count} service",
  "information.topic.services.other": "{count} services",
  "information.topic.lead": "The online services on the topic {topic}.",
  "information.topic.description": "{municipality}, topic {topic}: the related online services.",
  "information.topic.servicesTitle": "Services",
  "information.topic.noServices": "There are no online services on this topic yet.",
  "information.topic.notFound": "Topic not found",
  "information.topic.allTopics": "See all topics",
  "information.legal.title": "Legal notes",
  "information.legal.lead": "The terms of use of the contents published on this portal.",
  "information.legal.description":
    "{municipality}: legal notes of the portal; the contents are released under the CC-BY 4.0 licence.",
  "information.legal.licenceTitle": "Content licence",
  "information.legal.licenceBody":
    "Under the open by default principle of article 52 of legislative decree no. 82 of 7 March 2005 (CAD), and unless otherwise specified (including embedded third-party contents), the data, documents and information published on the site are released under the CC-BY 4.0 licence. Users are therefore free to share (reproduce, distribute, communicate to the public, exhibit in public), represent, perform and recite this material by any means and in any format, and to modify it (transform the material and use it for derivative works) for any purpose, including commercial ones, with the sole obligation of attribution and without adding further restrictions.",
  "information.legal.moreTitle": "About the portal",
  "information.privacy.title": "Privacy notice",
  "information.privacy.lead": "How the personal data collected through this portal are processed.",
  "information.privacy.description":
    "{municipality}: notice on the processing of personal data of the online services portal.",
  "information.privacy.controller":
    "The controller of the personal data collected through this portal is {municipality}, under articles 13 and 14 of Regulation (EU) 2016/679 (GDPR).",
  "information.privacy.purpose":
    "The data are processed for the institutional functions of the administration and to provide the online services requested; providing them is necessary to obtain the service. The data are not disclosed.",
  "information.privacy.retention":
    "The data are kept for as long as the procedure requires and according to the archiving obligations of the public administration.",
  "information.privacy.rights":
    "You may ask for access to your data, their rectification, erasure or the restriction of processing, and object to processing, by contacting the administration; you have the right to lodge a complaint with the Italian Data Protection Authority (Garante).",
  "information.privacy.cookies":
    "The portal only uses first-party technical cookies, needed for it to work: no profiling or third-party cookies.",
};
