// Diplomacy's requests: edicts and treaties (query options on the key factory,
// src/api/keys.ts), with the seats, the map and the generals an edict's form offers; proposing,
// answering and withdrawing an edict and breaking a treaty refresh the whole campaign.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";
import type { EdictBody } from "./Diplomacy.tsx";

const path = (campaignId: string) => ({ campaign_id: campaignId });

export const diplomacyQueries = {
  edicts: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "edicts"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/edicts", { params: { path: path(campaignId) } })),
    }),
  players: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "players"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: path(campaignId) } })),
    }),
  map: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "map"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/map", { params: { path: path(campaignId) } })),
    }),
  /** My generals and prisoners (a seated player's only). */
  generals: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "generals"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/generals", { params: { path: path(campaignId) } })),
    }),
  treaties: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "treaties"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/treaties", { params: { path: path(campaignId) } })),
    }),
};

function useRefresh(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
}

/** Propose an edict (`propose.mutate(edictBody(form))`) and answer or withdraw one. */
export function useEdictActions(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  const propose = useMutation({
    mutationFn: async (body: EdictBody) => ok(await api.POST("/v1/campaigns/{campaign_id}/edicts", { params: { path: path(campaignId) }, body })),
    onSuccess: refresh,
  });
  const answer = useMutation({
    mutationFn: async ({ id, verb }: { id: number; verb: "accept" | "refuse" | "withdraw" }) => {
      const p = { params: { path: { ...path(campaignId), edict_id: id } } };
      if (verb === "accept") return ok(await api.POST("/v1/campaigns/{campaign_id}/edicts/{edict_id}/accept", p));
      if (verb === "refuse") return ok(await api.POST("/v1/campaigns/{campaign_id}/edicts/{edict_id}/refuse", p));
      return ok(await api.POST("/v1/campaigns/{campaign_id}/edicts/{edict_id}/withdraw", p));
    },
    onSuccess: refresh,
  });
  return { propose, answer };
}

export function useBreakTreaty(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async (id: number) => ok(await api.DELETE("/v1/campaigns/{campaign_id}/treaties/{treaty_id}", { params: { path: { ...path(campaignId), treaty_id: id } } })),
    onSuccess: refresh,
  });
}
