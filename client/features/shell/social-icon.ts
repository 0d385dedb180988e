const knownIcons = new Set([
  "facebook",
  "instagram",
  "twitter",
  "youtube",
  "linkedin",
  "telegram",
  "whatsapp",
  "tiktok",
  "threads",
  "mastodon",
  "bluesky",
  "flickr",
  "vimeo",
  "pinterest",
  "medium",
  "github",
  "rss",
  "spotify",
  "reddit",
  "slack",
]);

/**
 * Maps the CMS class of a social channel ("it-facebook", "facebook", "fa fa-instagram", "x") to a symbol of the
 * bootstrap-italia sprite; unknown channels get the generic link icon.
 */
export function getSocialIcon(className: string | null | undefined, title = ""): `it-${string}` {
  const words = `${className ?? ""} ${title}`.toLowerCase().split(/[\s_]+/);
  for (const word of words) {
    const name = word.replace(/^(it|fa|fab|icon)-/, "");
    if (knownIcons.has(name)) return `it-${name}`;
    if (name === "x") return "it-twitter";
  }
  return "it-link";
}
