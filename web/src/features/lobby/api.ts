// The lobby's requests: its seats (asked every 5 s while it fills), the factions in the
// reader's language, the maps I may read and the campaign's map, the join requests (every
// 10 s), as query options on the key factory (src/api/keys.ts); joining, choosing a faction
// and slot, leaving, starting and answering a join request as mutation hooks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

const path = (campaignId: string) => ({ campaign_id: campaignId });

export const lobbyQueries = {
  players: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "players"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: path(campaignId) } })),
      refetchInterval: 5000,
    }),
  /** The factions named in `lang` (the request carries the page's language; the key says it). */
  factions: (api: Api, campaignId: string, lang: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "factions", lang),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/factions", { params: { path: path(campaignId) } })),
    }),
  /** The maps I may read (the built-in ones and mine). */
  readableMaps: (api: Api) =>
    queryOptions({
      queryKey: keys.maps(),
      queryFn: async () => ok(await api.GET("/v1/maps", { params: { query: { limit: 100 } } })),
    }),
  /** A map, asked only when `mayRead` (another author's map answers 404, never retried). */
  map: (api: Api, mapId: string, mayRead: boolean) =>
    queryOptions({
      queryKey: keys.map(mapId),
      queryFn: async () => ok(await api.GET("/v1/maps/{map_id}", { params: { path: { map_id: mapId } } })),
      retry: false,
      enabled: mayRead,
    }),
  joinRequests: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "join-requests"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/join-requests", { params: { path: path(campaignId) } })),
      refetchInterval: 10000,
    }),
};

/** Join with the invite code, choose a faction and slot, leave (`onLeft` after my campaigns
 * are asked again), start. */
export function useLobbyActions(campaign: Schemas["CampaignRead"], onLeft: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const p = path(campaign.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaign.id) });
  const join = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/players", { params: { path: p }, body: { invite_code: campaign.invite_code ?? "" } })),
    onSuccess: refresh,
  });
  const choose = useMutation({
    mutationFn: async (body: { faction: string | null; slot: number | null }) => ok(await api.PATCH("/v1/campaigns/{campaign_id}/players/me", { params: { path: p }, body })),
    onSuccess: refresh,
  });
  const leave = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/campaigns/{campaign_id}/players/me", { params: { path: p } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.campaigns() });
      onLeft();
    },
  });
  const start = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/start", { params: { path: p } })),
    onSuccess: refresh,
  });
  return { join, choose, leave, start };
}

/** Accept or decline a join request. */
export function useAnswerJoinRequest(campaignId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, yes }: { id: string; yes: boolean }) => {
      const params = { path: { ...path(campaignId), request_id: id } };
      if (yes) ok(await api.POST("/v1/campaigns/{campaign_id}/join-requests/{request_id}/accept", { params }));
      else ok(await api.POST("/v1/campaigns/{campaign_id}/join-requests/{request_id}/decline", { params }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) }),
  });
}
