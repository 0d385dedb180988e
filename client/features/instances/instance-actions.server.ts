import { redirect, type RouterContextProvider } from "react-router";
import { INSTANCE_CODE_PATTERN, type Istanza } from "#shared/api/moon.ts";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "#client/lib/services.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { justDoneHeaders, justDoneNamed } from "#client/lib/just-done.server.ts";
import { answerDownload, downloadRefusal, fileResponse } from "#client/lib/download.server.ts";
import { instancesIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

const codiceEnte = async (context: Context) =>
  (await getServices(context).api.getTenantConfig()).comune.codiceEnte;

/** One of the citizen's own instances by code, or a 404 (another citizen's code, a malformed one, none). */
export async function findOwnInstance(context: Context, code: string | undefined): Promise<Istanza> {
  const t = serverT(context, instancesIt);
  const found =
    code && INSTANCE_CODE_PATTERN.test(code)
      ? await getServices(context).api.moon.find(code, await codiceEnte(context))
      : null;
  if (!found) throw routeError(404, { title: t("instances.notFound") });
  return found;
}

/** `/area-personale/pratiche/:codice/ricevuta`: the receipt PDF of one of the citizen's sent instances, as a download. */
export async function instanceReceipt(context: Context, code: string | undefined): Promise<Response> {
  const notFound = serverT(context, instancesIt)("instances.file.notFound");
  if (!code || !INSTANCE_CODE_PATTERN.test(code)) return downloadRefusal(context, 404, notFound);
  return answerDownload(context, { notFound }, async () => {
    const { api } = getServices(context);
    const ente = await codiceEnte(context);
    // A draft has not been sent: there is nothing to receipt (issue #40).
    const found = await api.moon.find(code, ente);
    if (!found || found.stato.codice === "BOZZA") return downloadRefusal(context, 404, notFound);
    const bytes = await api.moon.receipt(code, ente);
    return fileResponse(bytes, { name: `ricevuta-${code}.pdf`, type: "application/pdf" });
  });
}

/** Deletes one of the citizen's drafts ("not-draft" when it is not one). */
export async function deleteOwnDraft(context: Context, code: string): Promise<void> {
  const found = await findOwnInstance(context, code);
  if (found.stato.codice !== "BOZZA") {
    throw routeError(404, { title: serverT(context, instancesIt)("instances.notFound") });
  }
  await getServices(context).api.moon.deleteDraft(code, await codiceEnte(context));
}

/** What the list names and the address word that says it (issue #40). */
const NOTICE_WORDS = { instanceDuplicated: "duplicata", instanceDeleted: "eliminata" } as const;
type InstanceDone = keyof typeof NOTICE_WORDS;

/**
 * Back to the Pratiche section of Attività, which names what was just done to `code`. The address says what to name
 * and the session's just-done cookie vouches for it: a link with `?duplicata=` or `?eliminata=` made by someone else
 * announces nothing (`instanceNotices`).
 */
export function backToInstances(context: Context, done: InstanceDone, code: string): Response {
  return redirect(withQuery(href("/area-personale/attivita"), { [NOTICE_WORDS[done]]: code }, "pratiche"), {
    headers: justDoneHeaders(getServices(context).flow, done, code),
  });
}

/** The notices the list may show: the codes in the address that this browser has just duplicated or deleted. */
export function instanceNotices(
  context: Context,
  url: URL,
): { duplicated: string | null; deleted: string | null } {
  const named = (done: InstanceDone) => justDoneNamed(context, url, NOTICE_WORDS[done], done);
  return { duplicated: named("instanceDuplicated"), deleted: named("instanceDeleted") };
}

/** Duplicates one of the citizen's instances into a new draft and goes back to the list, which names it. */
export async function duplicateOwnInstance(context: Context, code: string | undefined): Promise<Response> {
  await findOwnInstance(context, code);
  const copy = await getServices(context).api.moon.duplicate(code!, await codiceEnte(context));
  return backToInstances(context, "instanceDuplicated", copy.codiceIstanza);
}
