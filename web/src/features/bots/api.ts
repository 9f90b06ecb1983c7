// The bots' requests: a bot put on a seat (or changed) and taken off, as mutation hooks that
// refresh the campaign (src/api/keys.ts), and the one request the lobby's "fill with bots" repeats.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

/** Put a bot on seat `number` (a new lobby seat needs `faction` and `slot`), or change it. */
export async function putSeatBot(api: Api, campaignId: string, number: number, body: Schemas["BotSet"]) {
  return ok(await api.PUT("/v1/campaigns/{campaign_id}/seats/{number}/bot", { params: { path: { campaign_id: campaignId, number } }, body }));
}

/** Everything of the campaign a bot changes (its seats, the lobby). */
export function useRefreshCampaign(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
}

/** One seat's bot: `put.mutate(choice)` puts or changes it, `remove.mutate()` takes it off. */
export function useSeatBot(campaignId: string, number: number) {
  const { api } = useSession();
  const refresh = useRefreshCampaign(campaignId);
  const put = useMutation({
    mutationFn: (body: Schemas["BotSet"]) => putSeatBot(api, campaignId, number, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/campaigns/{campaign_id}/seats/{number}/bot", { params: { path: { campaign_id: campaignId, number } } })),
    onSuccess: refresh,
  });
  return { put, remove };
}
