// The battles' requests: a battle's pack (query options on the key factory, src/api/keys.ts),
// its PDF, and the mutation hooks of a battle's life (report, edit, confirm, reject, arbitrate,
// a play-by date), each refreshing the whole campaign (a result moves gold, armies and turns).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

const battlePath = (campaignId: string, battleId: number) => ({ campaign_id: campaignId, battle_id: battleId });

export const battleQueries = {
  /** A battle's pack: its players and the game master have one (others get 403). */
  pack: (api: Api, campaignId: string, battleId: number) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "battles", "pack", battleId),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/battles/{battle_id}/pack", { params: { path: battlePath(campaignId, battleId) } })),
    }),
};

/** The pack's query, asked only when `enabled`. */
export function usePack(campaignId: string, battleId: number, enabled: boolean) {
  const { api } = useSession();
  return useQuery({ ...battleQueries.pack(api, campaignId, battleId), enabled });
}

/** The pack's PDF in `lang` on `paper`, handed to `save` (an error answer is thrown as a problem). */
export function usePackPdf(campaignId: string, battleId: number) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async ({ lang, paper, save }: { lang: string; paper: "a4" | "letter"; save: (blob: Blob) => void }) => {
      const result = await api.GET("/v1/campaigns/{campaign_id}/battles/{battle_id}/pack.pdf", {
        params: { path: battlePath(campaignId, battleId), query: { paper } },
        headers: { "Accept-Language": lang },
        parseAs: "blob",
      });
      if (!result.response.ok) return ok(result);
      save(result.data as Blob);
      return null;
    },
  });
}

/** A battle's actions; `onEdited` runs once an edited report is saved, before the refresh. */
export function useBattleActions(campaignId: string, battleId: number, onEdited: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = battlePath(campaignId, battleId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
  const report = useMutation({
    mutationFn: async (body: Schemas["ReportCreate"]) => ok(await api.POST("/v1/campaigns/{campaign_id}/battles/{battle_id}/report", { params: { path }, body })),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: async (body: Schemas["ReportCreate"]) => ok(await api.PUT("/v1/campaigns/{campaign_id}/battles/{battle_id}/report", { params: { path }, body })),
    onSuccess: async () => {
      onEdited();
      await refresh();
    },
  });
  const arbitrate = useMutation({
    mutationFn: async (body: Schemas["ArbitrateBody"]) => ok(await api.POST("/v1/campaigns/{campaign_id}/battles/{battle_id}/arbitrate", { params: { path }, body })),
    onSuccess: refresh,
  });
  const confirm = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/battles/{battle_id}/confirm", { params: { path } })),
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: async (reason: string) => ok(await api.POST("/v1/campaigns/{campaign_id}/battles/{battle_id}/reject", { params: { path }, body: { reason } })),
    onSuccess: refresh,
  });
  const proposeDate = useMutation({
    mutationFn: async (proposed: string) => ok(await api.POST("/v1/campaigns/{campaign_id}/battles/{battle_id}/play-by", { params: { path }, body: { date: proposed } })),
    onSuccess: refresh,
  });
  const acceptDate = useMutation({
    mutationFn: async (proposed: string) =>
      ok(await api.POST("/v1/campaigns/{campaign_id}/battles/{battle_id}/play-by/accept", { params: { path }, body: { date: proposed } })),
    onSuccess: refresh,
  });
  return { report, edit, arbitrate, confirm, reject, proposeDate, acceptDate };
}
