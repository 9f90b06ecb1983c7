// The messages' requests: the inbox (notifications) and a campaign's messages between players,
// as query options on the key factory (src/api/keys.ts) and mutation hooks.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";

/** Notifications asked for at once; "Show older" asks for the next ones. */
export const INBOX_PAGE_SIZE = 50;

/** The offset of the page after `last`, or undefined once every notification is loaded. */
export function nextInboxOffset(last: { offset: number; limit: number; total: number; items: unknown[] }): number | undefined {
  const next = last.offset + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
}

export const inboxQueries = {
  /** The unread count (one item asked: the page's `total`). */
  unread: (api: Api) =>
    queryOptions({
      queryKey: keys.inbox("unread"),
      queryFn: async () => ok(await api.GET("/v1/notifications", { params: { query: { unread_only: true, limit: 1 } } })),
    }),
  pages: (api: Api) =>
    infiniteQueryOptions({
      queryKey: keys.inbox("pages"),
      initialPageParam: 0,
      queryFn: async ({ pageParam }) => ok(await api.GET("/v1/notifications", { params: { query: { limit: INBOX_PAGE_SIZE, offset: pageParam } } })),
      getNextPageParam: nextInboxOffset,
    }),
};

/** Mark one notification read (`mutate(id)`), or all of them (`all.mutate()`). */
export function useMarkRead(api: Api) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.inbox() });
  const one = useMutation({
    mutationFn: async (id: number) => ok(await api.POST("/v1/notifications/{notification_id}/read", { params: { path: { notification_id: id } } })),
    onSuccess: refresh,
  });
  const all = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/notifications/read")),
    onSuccess: refresh,
  });
  return { one, all };
}

export const messageQueries = {
  thread: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "messages"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/messages", { params: { path: { campaign_id: campaignId } } })),
    }),
  players: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "players"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: { campaign_id: campaignId } } })),
    }),
};

/** Send a message (`to`: "all" or a seat's number), and mark the thread read up to a message. */
export function useMessageMutations(api: Api, campaignId: string) {
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
  const send = useMutation({
    mutationFn: async ({ to, body }: { to: string; body: string }) =>
      ok(await api.POST("/v1/campaigns/{campaign_id}/messages", { params: { path }, body: { to: to === "all" ? "all" : [Number(to)], body } })),
    onSuccess: refresh,
  });
  const markRead = useMutation({
    mutationFn: async (upTo: number) => ok(await api.POST("/v1/campaigns/{campaign_id}/messages/read", { params: { path }, body: { up_to: upTo } })),
    onSuccess: refresh,
  });
  return { send, markRead };
}
