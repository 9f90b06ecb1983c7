// The generals' requests: the campaign's generals (query options on the key factory,
// src/api/keys.ts), raising an army, recruiting and assigning a general, and the faction's
// action, as mutation hooks that refresh the whole campaign (gold, armies, orders).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

export const generalQueries = {
  /** My generals and the prisoners I hold. */
  generals: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "generals"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/generals", { params: { path: { campaign_id: campaignId } } })),
    }),
};

function useRefresh(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
}

/** Raise an army in a city (`mutate(raiseBody(…))`). */
export function useRaise(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async (body: Schemas["RaiseCreate"]) => ok(await api.POST("/v1/campaigns/{campaign_id}/armies", { params: { path: { campaign_id: campaignId } }, body })),
    onSuccess: refresh,
  });
}

/** Recruit a general, and put one at the head of an army. */
export function useGeneralActions(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  const recruit = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/generals", { params: { path: { campaign_id: campaignId } } })),
    onSuccess: refresh,
  });
  const assign = useMutation({
    mutationFn: async ({ armyId, generalId }: { armyId: number; generalId: number }) =>
      ok(
        await api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/general", {
          params: { path: { campaign_id: campaignId, army_id: armyId } },
          body: { general_id: generalId },
        }),
      ),
    onSuccess: refresh,
  });
  return { recruit, assign };
}

/** Use the faction's action this turn (`mutate(true)`) or take it back (`mutate(false)`). */
export function useFactionAction(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  const path = { campaign_id: campaignId };
  return useMutation({
    mutationFn: async (use: boolean) =>
      ok(use ? await api.POST("/v1/campaigns/{campaign_id}/faction-action", { params: { path } }) : await api.DELETE("/v1/campaigns/{campaign_id}/faction-action", { params: { path } })),
    onSuccess: refresh,
  });
}
