import { useRef, useState, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { fileNameOf } from "./content-disposition.ts";

export type DownloadLinkProps = Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  "href" | "download" | "onClick"
> & {
  /** A download route of the portal: a file with `Content-Disposition: attachment`, or a refusal in one sentence. */
  href: string;
};

/** Whether the click is the plain one that downloads here (not a new tab or window, not a save-as). */
function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/** Saves `blob` under `name` the way a download link would. */
function save(blob: Blob, name: string | null): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name ?? "";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A link to one of the portal's files (a receipt, a notice, a document, an attachment). Without JavaScript it is a
 * plain link: the file downloads and the page stays, or the browser shows the refusal's sentence. With JavaScript the
 * file is fetched first, so that a file that cannot be given (not there, the municipality's service down) says why
 * beside the link, as an alert, instead of a failed download in the browser's bar that says nothing. A link that
 * answers with a redirect (the session ended: the login) is followed as a plain link.
 */
export function DownloadLink({ href, children, ...anchor }: DownloadLinkProps) {
  const t = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = useRef(false);
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setRefusal(null);
    try {
      const res = await fetch(href, { credentials: "same-origin", redirect: "manual" });
      if (res.type === "opaqueredirect") window.location.assign(href);
      else if (res.ok) save(await res.blob(), fileNameOf(res.headers.get("content-disposition")));
      else {
        const sentence = res.headers.get("content-type")?.startsWith("text/plain") ? await res.text() : "";
        setRefusal(sentence.trim().slice(0, 300) || t("download.failed"));
      }
    } catch {
      setRefusal(t("download.failed"));
    } finally {
      busy.current = false;
    }
  }
  return (
    <>
      <a {...anchor} href={href} onClick={(event) => void download(event)}>
        {children}
      </a>
      {refusal ? (
        <span role="alert" className="download-refusal d-block w-100 small text-danger fw-semibold mt-1">
          {refusal}
        </span>
      ) : null}
    </>
  );
}
