// The push endpoints of the server (issue 46 §2), typed by the generated contract. Each call
// sends the user's token and the UI's language, as src/api/client.ts does, and a refusal
// becomes an ApiError with the problem.
import { ApiError, toProblem } from "../../api/client.ts";
import type { components } from "../../api/schema.d.ts";

type Schemas = components["schemas"];
export type PushKey = Schemas["PushKey"];
export type PushSubscriptionBody = Schemas["PushSubscriptionCreate"];
export type PushSubscriptionRead = Schemas["PushSubscriptionRead"];
export type PushSubscriptionList = Schemas["PushSubscriptionList"];

export interface PushApi {
  key(): Promise<PushKey>;
  list(): Promise<PushSubscriptionList>;
  add(body: PushSubscriptionBody): Promise<PushSubscriptionRead>;
  remove(id: number): Promise<void>;
}

const SUBSCRIPTIONS = "/v1/users/me/push-subscriptions";

/** The push API of `baseUrl` (the page's origin) as the user of `token`. */
export function pushApi(baseUrl: string, token: string | null, language: string | null): PushApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers = new Headers({ Accept: "application/json" });
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (language) headers.set("Accept-Language", language);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fetch(new Request(`${baseUrl}${path}`, init));
    if (response.status === 204) return undefined as T;
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(toProblem(data, response));
    return data as T;
  }
  return {
    key: () => call<PushKey>("GET", "/v1/push/key"),
    list: () => call<PushSubscriptionList>("GET", SUBSCRIPTIONS),
    add: (body) => call<PushSubscriptionRead>("POST", SUBSCRIPTIONS, body),
    remove: (id) => call<void>("DELETE", `${SUBSCRIPTIONS}/${encodeURIComponent(String(id))}`),
  };
}
