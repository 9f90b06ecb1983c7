// The messages' queries and mutations (issue 44): threads per correspondent, one thread's
// pages, sending, the read mark, and blocking a seat. One key factory, under the campaign's
// "messages" part, so a live `message_received` (src/api/live.ts) refreshes every one of them.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { ok, type Schemas } from "../../api/client.ts";
import { campaignKey } from "../../api/live.ts";
import { useSession } from "../../session.tsx";

/** The thread of the messages to everyone (the API's `thread=0`). */
export const TABLE = 0;
/** A thread's page: enough for a conversation's screen, older ones on demand. */
const PAGE = 30;

export const messageKeys = {
  all: (campaignId: string): QueryKey => campaignKey(campaignId, "messages"),
  threads: (campaignId: string): QueryKey => [...campaignKey(campaignId, "messages"), "threads"],
  thread: (campaignId: string, thread: number): QueryKey => [...campaignKey(campaignId, "messages"), "thread", thread],
  players: (campaignId: string): QueryKey => campaignKey(campaignId, "players"),
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
  return () => queryClient.invalidateQueries({ queryKey: ["campaign", campaignId] });
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
