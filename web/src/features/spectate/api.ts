// The spectators' requests: the campaigns open to watchers, a watched campaign's view, map and
// past turns' summaries (query options on the key factory, src/api/keys.ts), and watching or
// leaving one.
import { queryOptions, useMutation } from "@tanstack/react-query";
import { ok, type Api } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

const path = (campaignId: string) => ({ campaign_id: campaignId });

export const spectateQueries = {
  /** The lobbies and campaigns that take spectators. */
  watchable: (api: Api) =>
    queryOptions({
      queryKey: keys.lobbies("spectators"),
      queryFn: async () => ok(await api.GET("/v1/lobbies", { params: { query: { spectators: true } } })),
    }),
  /** What a spectator sees (a refusal is shown at once, never retried). */
  view: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.spectate(campaignId),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/spectate", { params: { path: path(campaignId) } })),
      retry: false,
    }),
  /** The map as of turn `shown` (a new turn asks again). */
  map: (api: Api, campaignId: string, shown: number | null) =>
    queryOptions({
      queryKey: keys.spectate(campaignId, "map", shown),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/spectate/map", { params: { path: path(campaignId) } })),
      enabled: shown !== null,
    }),
  summary: (api: Api, campaignId: string, number: number | null) =>
    queryOptions({
      queryKey: keys.spectate(campaignId, "summary", number),
      queryFn: async () =>
        ok(await api.GET("/v1/campaigns/{campaign_id}/spectate/turns/{number}/summary", { params: { path: { ...path(campaignId), number: number ?? 1 } } })),
      enabled: number !== null,
    }),
};

/** Watch a campaign (`mutate(id)`); `onWatching` runs once the server took the spectator. */
export function useWatch(onWatching: (campaignId: string) => void) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async (campaignId: string) => ok(await api.POST("/v1/campaigns/{campaign_id}/spectators", { params: { path: path(campaignId) } })),
    onSuccess: (_, campaignId) => onWatching(campaignId),
  });
}

/** Stop watching a campaign. */
export function useLeave(campaignId: string, onLeft: () => void) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/campaigns/{campaign_id}/spectators", { params: { path: path(campaignId) } })),
    onSuccess: onLeft,
  });
}
