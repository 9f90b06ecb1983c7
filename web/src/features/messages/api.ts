// The messages' requests: the inbox (notifications) and a campaign's messages between players,
// as query options on the key factory (src/api/keys.ts) and mutation hooks. A campaign's
// messages read as threads per correspondent: one key family under the campaign's "messages"
// part, so a live `message_received` (src/api/live.ts) refreshes every one of them.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

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
export function useMarkInboxRead(api: Api) {
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

/** The thread of the messages to everyone (the API's `thread=0`). */
export const TABLE = 0;
/** A thread's page: enough for a conversation's screen, older ones on demand. */
const PAGE = 30;

export const messageKeys = {
  all: (campaignId: string): QueryKey => keys.campaign(campaignId, "messages"),
  threads: (campaignId: string): QueryKey => [...keys.campaign(campaignId, "messages"), "threads"],
  thread: (campaignId: string, thread: number): QueryKey => [...keys.campaign(campaignId, "messages"), "thread", thread],
  players: (campaignId: string): QueryKey => keys.campaign(campaignId, "players"),
};

export function useThreads(campaignId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: messageKeys.threads(campaignId),
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/messages/threads", { params: { path: { campaign_id: campaignId } } })),
  });
}

/** One conversation, newest page first (`next_before` for older ones). */
export function useThread(campaignId: string, thread: number) {
  const { api } = useSession();
  return useInfiniteQuery({
    queryKey: messageKeys.thread(campaignId, thread),
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }) =>
      ok(
        await api.GET("/v1/campaigns/{campaign_id}/messages", {
          params: { path: { campaign_id: campaignId }, query: { thread, limit: PAGE, ...(pageParam ? { before: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last: Schemas["MessagePage"]) => (last.has_more ? last.next_before : null),
  });
}

export function usePlayers(campaignId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: messageKeys.players(campaignId),
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: { campaign_id: campaignId } } })),
  });
}

/** Everything of the campaign a message or a block changes (the threads, the unread count). */
function useRefresh(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
}

/** Send to a player (their number) or to everyone (`"all"`). */
export function useSend(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async ({ to, body }: { to: number | "all"; body: string }) =>
      ok(await api.POST("/v1/campaigns/{campaign_id}/messages", { params: { path: { campaign_id: campaignId } }, body: { to: to === "all" ? "all" : [to], body } })),
    onSuccess: refresh,
  });
}

export function useMarkRead(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async (upTo: number) => ok(await api.POST("/v1/campaigns/{campaign_id}/messages/read", { params: { path: { campaign_id: campaignId } }, body: { up_to: upTo } })),
    onSuccess: refresh,
  });
}

/** Mark one thread read up to a message of it (`upTo`, its newest): that thread's badge and the
 * tab's total take the server's counts at once; the other threads keep their unread messages
 * (a group message read here is read in them too, which their refetch shows). */
export function useMarkThreadRead(campaignId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ thread, upTo }: { thread: number; upTo: number }) =>
      ok(
        await api.POST("/v1/campaigns/{campaign_id}/messages/threads/{thread}/read", {
          params: { path: { campaign_id: campaignId, thread } },
          body: { up_to: upTo },
        }),
      ),
    onSuccess: async (answer) => {
      queryClient.setQueryData<Schemas["MessageThreads"]>(messageKeys.threads(campaignId), (old) =>
        old ? { items: old.items.map((th) => ((th.correspondent?.number ?? TABLE) === answer.thread ? { ...th, unread: answer.unread } : th)) } : old,
      );
      queryClient.setQueryData<Schemas["UnreadCount"]>(keys.campaign(campaignId, "unread"), (old) => (old ? { ...old, unread: answer.mailbox_unread } : old));
      await Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.all(campaignId) }), queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId, "unread") })]);
    },
  });
}

/** Block or unblock a seat's holder in this campaign (never by username: under anonymity the
 * player knows the seat, not who holds it). */
export function useSeatBlock(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async ({ number, block }: { number: number; block: boolean }) => {
      const params = { path: { campaign_id: campaignId, number } };
      return ok(block ? await api.PUT("/v1/campaigns/{campaign_id}/players/{number}/block", { params }) : await api.DELETE("/v1/campaigns/{campaign_id}/players/{number}/block", { params }));
    },
    onSuccess: refresh,
  });
}
