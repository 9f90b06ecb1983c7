// What a push message says, as the service worker shows it (pure: no DOM, no worker globals, so
// the worker and Vitest share it). The server sends `{"title", "body", "url", "tag"}`; anything
// else (not JSON, missing fields, wrong types, a link elsewhere) still shows a plain notice: a
// push the browser receives must show one, and a notification must never send the player off
// this site.

export interface PushNotice {
  title: string;
  body: string;
  /** A path of this web client (`/campaigns/<id>`), never another origin. */
  url: string;
  tag: string;
}

export const DEFAULT_TITLE = "Marchlords";
const MAX_TITLE = 120;
const MAX_BODY = 500;
const MAX_TAG = 100;

function text(value: unknown, max: number): string {
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** `url` if it is a path of this web client on `origin`, else `/` (the home page): an absolute
 * URL to another site, a scheme-relative `//host` or `/\host`, a `javascript:` URL and the
 * API's own paths are refused, so a notification opens only this client's pages. */
export function clientPath(url: unknown, origin: string, apiPrefixes: readonly string[]): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return "/";
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return "/";
  }
  if (resolved.origin !== origin) return "/";
  const first = resolved.pathname.split("/")[1] ?? "";
  if (apiPrefixes.includes(first)) return "/";
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The notice of a push message's text (null: no data at all). */
export function parsePushPayload(data: string | null, origin: string, apiPrefixes: readonly string[]): PushNotice {
  let raw: unknown = null;
  if (data !== null) {
    try {
      raw = JSON.parse(data);
    } catch {
      raw = null;
    }
  }
  const fields = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    title: text(fields["title"], MAX_TITLE).trim() || DEFAULT_TITLE,
    body: text(fields["body"], MAX_BODY),
    url: clientPath(fields["url"], origin, apiPrefixes),
    tag: text(fields["tag"], MAX_TAG),
  };
}
