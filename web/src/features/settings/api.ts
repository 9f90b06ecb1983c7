// The account's requests: query options on the key factory (src/api/keys.ts).
import { queryOptions } from "@tanstack/react-query";
import { ok, type Api } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";

export const accountQueries = {
  /** The signed-in user (`GET /v1/users/me`), keyed by the token it was asked with. */
  me: (api: Api, token: string | null) => queryOptions({ queryKey: keys.me(token), queryFn: async () => ok(await api.GET("/v1/users/me")) }),
};
