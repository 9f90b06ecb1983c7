// The army lists' requests: an army's list (null while it has none), attached, detached, and its
// original file downloaded, on the campaign's "roster" key (src/api/keys.ts).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

const rosterPath = (campaignId: string, armyId: number) => ({ campaign_id: campaignId, army_id: armyId });

export const rosterQueries = {
  /** An army's list, or null when it has none (the server's 404, as for an army not yours). */
  roster: (api: Api, campaignId: string, armyId: number) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "roster", armyId),
      queryFn: async () => {
        const result = await api.GET("/v1/campaigns/{campaign_id}/armies/{army_id}/roster", { params: { path: rosterPath(campaignId, armyId) } });
        if (result.response.status === 404) return null; // no list yet
        return ok(result);
      },
      retry: false,
    }),
};

/** Attach (or replace) an army's list, detach it, and download its original file. The cache
 * takes the answer at once (no second request). */
export function useRosterActions(campaignId: string, armyId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = rosterPath(campaignId, armyId);
  const key = keys.campaign(campaignId, "roster", armyId);
  const attach = useMutation({
    mutationFn: async (body: Schemas["RosterUpload"] | (() => Promise<Schemas["RosterUpload"]>)) =>
      ok(await api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/roster", { params: { path }, body: typeof body === "function" ? await body() : body })),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
  const detach = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/roster", { params: { path } })),
    onSuccess: () => queryClient.setQueryData(key, null),
  });
  /** The original file as a blob and the name the server gives it. */
  const download = useMutation({
    mutationFn: async (save: (blob: Blob, disposition: string | null) => void) => {
      const result = await api.GET("/v1/campaigns/{campaign_id}/armies/{army_id}/roster/original", { params: { path }, parseAs: "blob" });
      if (!result.response.ok) return ok(result);
      save(result.data as Blob, result.response.headers.get("Content-Disposition"));
      return null;
    },
  });
  return { attach, detach, download };
}
