// The game's requests: query options (a key of src/api/keys.ts and its request) that the game
// page and its panels read with `useQuery(…)`, and the move order's mutation.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import type { Coord } from "../../lib/hex.ts";

const path = (campaignId: string) => ({ campaign_id: campaignId });

export const gameQueries = {
  turn: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "turn"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turn", { params: { path: path(campaignId) } })),
    }),
  /** My seat's view (gold, orders); only a seated player has one. */
  me: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "me"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/me", { params: { path: path(campaignId) } })),
    }),
  map: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "map"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/map", { params: { path: path(campaignId) } })),
    }),
  armies: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "armies"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/armies", { params: { path: path(campaignId) } })),
    }),
  battles: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "battles"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/battles", { params: { path: path(campaignId), query: { limit: 100 } } })),
    }),
  unread: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "unread"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/messages/unread", { params: { path: path(campaignId) } })),
    }),
  /** Where an army may go this turn (a new turn asks again). */
  reachable: (api: Api, campaignId: string, armyId: number | null, turn: number | undefined) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "reachable", armyId, turn),
      queryFn: async () =>
        ok(
          await api.GET("/v1/campaigns/{campaign_id}/armies/{army_id}/reachable", {
            params: { path: { ...path(campaignId), army_id: armyId ?? 0 } },
          }),
        ),
      enabled: armyId !== null,
    }),
};

/** Order an army along a path (its move this turn); everything of the campaign is asked again. */
export function useMoveArmy(api: Api, campaignId: string, onMoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ armyId, steps }: { armyId: number; steps: readonly Coord[] }) =>
      ok(
        await api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/move", {
          params: { path: { ...path(campaignId), army_id: armyId } },
          body: { path: steps.map((c) => [c[0], c[1]]) },
        }),
      ),
    onSuccess: async () => {
      onMoved();
      await queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
    },
  });
}
