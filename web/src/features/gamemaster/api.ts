// The game master's requests: the rollbacks and the turn (query options on the key factory,
// src/api/keys.ts), rolling a turn back, the campaign's export, and the turn clock (pause,
// resume, a later deadline), whose answers are the turn as it now stands.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

const path = (campaignId: string) => ({ campaign_id: campaignId });

export const gameMasterQueries = {
  rollbacks: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "rollbacks"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turn/rollbacks", { params: { path: path(campaignId), query: { limit: 100 } } })),
    }),
  turn: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "turn"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turn", { params: { path: path(campaignId) } })),
    }),
};

/** Roll the turn back (`onRolledBack` runs before the whole campaign is asked again), and
 * export the campaign (`exported.mutate(withMessages)`, handed to `onExported`). */
export function useGameMasterActions(campaignId: string, onRolledBack: () => void, onExported: (data: unknown) => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const rollback = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/turn/rollback", { params: { path: path(campaignId) } })),
    onSuccess: async () => {
      onRolledBack();
      await queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
    },
  });
  const exported = useMutation({
    mutationFn: async (messages: boolean) => ok(await api.GET("/v1/campaigns/{campaign_id}/export", { params: { path: path(campaignId), query: { messages } } })),
    onSuccess: onExported,
  });
  return { rollback, exported };
}

/** Pause or resume the turn (`pause.mutate(on)`) and push its deadline later (`extend.mutate(hours)`). */
export function useTurnClock(campaignId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const key = keys.campaign(campaignId, "turn");
  // Each answer is the turn as it now stands: the status bar's countdown follows at once.
  const onTurn = async (data: Schemas["TurnRead"]) => {
    queryClient.setQueryData(key, data);
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const pause = useMutation({
    mutationFn: async (on: boolean) =>
      ok(on ? await api.POST("/v1/campaigns/{campaign_id}/pause", { params: { path: path(campaignId) } }) : await api.POST("/v1/campaigns/{campaign_id}/resume", { params: { path: path(campaignId) } })),
    onSuccess: onTurn,
  });
  const extend = useMutation({
    mutationFn: async (hours: number) => ok(await api.POST("/v1/campaigns/{campaign_id}/deadline", { params: { path: path(campaignId) }, body: { extend_hours: hours } })),
    onSuccess: onTurn,
  });
  return { pause, extend };
}
