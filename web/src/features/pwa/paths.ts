// The first path segments that belong to the API, not to the web client: the server never
// answers them with the client (app/shell/web/client.py API_PREFIXES, which a Vitest test
// compares with this list), so the service worker must not either (a link in an email to
// `/v1/...`, the docs at `/docs`, the rulebook at `/rules`).
export const API_PREFIXES: readonly string[] = ["v1", "docs", "redoc", "openapi.json", "healthz", "readyz", "metrics", "rules"];

/** Whether a path (`/v1/users`) is the API's. */
export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.includes(pathname.split("/")[1] ?? "");
}
