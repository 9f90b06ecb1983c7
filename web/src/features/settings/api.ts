// The account's requests: the signed-in user, the language, notifications, the email address,
// tokens for scripts, the account's notices, Discord, identities and sign-in by a provider,
// reliability, and a campaign's webhooks, as query options on the key factory
// (src/api/keys.ts) and mutation hooks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import type { Lang } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";

export const accountQueries = {
  /** The signed-in user (`GET /v1/users/me`), keyed by the token it was asked with. */
  me: (api: Api, token: string | null) => queryOptions({ queryKey: keys.me(token), queryFn: async () => ok(await api.GET("/v1/users/me")) }),
  reliability: (api: Api) => queryOptions({ queryKey: keys.reliability(), queryFn: async () => ok(await api.GET("/v1/users/me/reliability")) }),
  notifications: (api: Api) => queryOptions({ queryKey: keys.notifications(), queryFn: async () => ok(await api.GET("/v1/users/me/notifications")) }),
  /** My email address, or null when I have none (404, not an error to show; never retried). */
  email: (api: Api) =>
    queryOptions({
      queryKey: keys.me("email"),
      queryFn: async () => {
        const result = await api.GET("/v1/users/me/email");
        if (result.response.status === 404) return null;
        return ok(result);
      },
      retry: false,
    }),
  tokens: (api: Api) => queryOptions({ queryKey: keys.tokens(), queryFn: async () => ok(await api.GET("/v1/tokens", {})) }),
  /** The account's notices, said in `lang` (the request's language: asked again when it changes). */
  accountNotices: (api: Api, lang: string) =>
    queryOptions({
      queryKey: keys.accountNotices(lang),
      queryFn: async () => ok(await api.GET("/v1/notifications/account", { params: { query: { limit: 20 } } })),
    }),
  discordLink: (api: Api) => queryOptions({ queryKey: keys.discordLink(), queryFn: async () => ok(await api.GET("/v1/users/me/discord")) }),
  /** The sign-in providers the server offers (they seldom change). */
  providers: (api: Api) =>
    queryOptions({
      queryKey: keys.authProviders(),
      queryFn: async () => ok(await api.GET("/v1/auth/providers")),
      staleTime: 5 * 60_000,
    }),
  /** My linked identities, asked only when the server has providers. */
  identities: (api: Api, enabled: boolean) =>
    queryOptions({
      queryKey: keys.identities(),
      queryFn: async () => ok(await api.GET("/v1/users/me/identities")),
      enabled,
    }),
  webhooks: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "webhooks"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/webhooks", { params: { path: { campaign_id: campaignId } } })),
    }),
  /** A webhook's deliveries, every 5 s while the log is open. */
  deliveries: (api: Api, campaignId: string, webhookId: string, open: boolean) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "webhooks", webhookId, "deliveries"),
      queryFn: async () =>
        ok(await api.GET("/v1/campaigns/{campaign_id}/webhooks/{webhook_id}/deliveries", { params: { path: { campaign_id: campaignId, webhook_id: webhookId }, query: { limit: 50 } } })),
      enabled: open,
      refetchInterval: open ? 5000 : false,
    }),
};

/** Save the language on the account; the answer is the user, written into `keys.me(token)`. */
export function useSaveLanguage() {
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Lang) => ok(await api.PATCH("/v1/users/me", { body: { language } })),
    onSuccess: (me) => queryClient.setQueryData(keys.me(token), me),
  });
}

/** Save the notification preferences; the answer is written into the cache. */
export function useSaveNotifications() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas["NotificationPreferences"]) => ok(await api.PUT("/v1/users/me/notifications", { body })),
    onSuccess: (data) => queryClient.setQueryData(keys.notifications(), data),
  });
}

/** Set my email address (`onSet` after the cache took the answer), or remove it. */
export function useEmailAddress(onSet: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const key = keys.me("email");
  const set = useMutation({
    mutationFn: async (body: Schemas["EmailAddressSet"]) => ok(await api.PUT("/v1/users/me/email", { body })),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      onSet();
    },
  });
  const remove = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/users/me/email")),
    onSuccess: () => queryClient.setQueryData(key, null),
  });
  return { set, remove };
}

/** Make a token for scripts (`onCreated` before the list is asked again) and revoke one. */
export function useTokenActions(onCreated: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (body: Schemas["TokenCreate"]) => ok(await api.POST("/v1/tokens", { body })),
    onSuccess: async () => {
      onCreated();
      await queryClient.invalidateQueries({ queryKey: keys.tokens() });
    },
  });
  const revoke = useMutation({
    mutationFn: async (id: string) => ok(await api.DELETE("/v1/tokens/{token_id}", { params: { path: { token_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tokens() }),
  });
  return { create, revoke };
}

/** A Discord link code, and unlinking (the code shown goes, and the link is asked again). */
export function useDiscordActions() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const code = useMutation({ mutationFn: async () => ok(await api.POST("/v1/users/me/discord/link-code")) });
  const unlink = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/users/me/discord")),
    onSuccess: () => {
      code.reset();
      return queryClient.invalidateQueries({ queryKey: keys.discordLink() });
    },
  });
  return { code, unlink };
}

/** Sign in with a provider's ticket: an account already linked (`exchange.mutate(ticket)`) or a
 * new one (`complete.mutate(body)`); `onGrant` takes the bearer token. */
export function useOidcSignIn(onGrant: (grant: Schemas["AccessToken"]) => void) {
  const { api } = useSession();
  const exchange = useMutation({
    mutationFn: async (ticket: string) => ok(await api.POST("/v1/auth/oidc/ticket", { body: { ticket } })),
    onSuccess: onGrant,
  });
  const complete = useMutation({
    mutationFn: async (body: Schemas["SignUpCompletion"]) => ok(await api.POST("/v1/auth/oidc/complete", { body })),
    onSuccess: onGrant,
  });
  return { exchange, complete };
}

/** Link a provider (the browser goes to its page), set a first password (`onPasswordSet`
 * before the identities are asked again), unlink an identity. */
export function useIdentityActions(onPasswordSet: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async ({ provider, body }: { provider: string; body: Schemas["LinkStart"] }) =>
      ok(await api.POST("/v1/users/me/identities/{provider}/start", { params: { path: { provider } }, body })),
    onSuccess: (found) => window.location.assign(found.authorization_url),
  });
  const setFirst = useMutation({
    // No current password: the account has none, and a sign-in of the last minutes is the proof.
    mutationFn: async (password: string) => ok(await api.PUT("/v1/users/me/password", { body: { new_password: password } })),
    onSuccess: () => {
      onPasswordSet();
      return queryClient.invalidateQueries({ queryKey: keys.identities() });
    },
  });
  const unlink = useMutation({
    mutationFn: async (id: string) => ok(await api.DELETE("/v1/users/me/identities/{identity_id}", { params: { path: { identity_id: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.identities() }),
  });
  return { link, setFirst, unlink };
}

/** Add a campaign's webhook (`onAdded` with its secret, before the list is asked again),
 * remove one, ping one. */
export function useWebhookActions(campaignId: string, onAdded: (created: Schemas["EndpointCreated"]) => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId, "webhooks") });
  const add = useMutation({
    mutationFn: async (body: Schemas["EndpointCreate"]) => ok(await api.POST("/v1/campaigns/{campaign_id}/webhooks", { params: { path }, body })),
    onSuccess: async (created) => {
      onAdded(created);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: string) => ok(await api.DELETE("/v1/campaigns/{campaign_id}/webhooks/{webhook_id}", { params: { path: { ...path, webhook_id: id } } })),
    onSuccess: refresh,
  });
  const ping = useMutation({
    mutationFn: async (id: string) => ok(await api.POST("/v1/campaigns/{campaign_id}/webhooks/{webhook_id}/ping", { params: { path: { ...path, webhook_id: id } } })),
  });
  return { add, remove, ping };
}
