// The campaigns' requests: query options on the key factory (src/api/keys.ts).
import { queryOptions } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";

/** Every campaign of mine (owned or played), all pages of `GET /v1/campaigns`. */
async function allMyCampaigns(api: Api): Promise<Schemas["CampaignRead"][]> {
  const all: Schemas["CampaignRead"][] = [];
  for (let page = 0; page < 50; page++) {
    const result = ok(await api.GET("/v1/campaigns", { params: { query: { limit: 100, offset: all.length } } }));
    all.push(...result.items);
    if (result.items.length === 0 || all.length >= result.total) break;
  }
  return all;
}

export const campaignQueries = {
  /** Every campaign of mine, all pages. */
  allMine: (api: Api) => queryOptions({ queryKey: keys.campaigns("all"), queryFn: () => allMyCampaigns(api) }),
  /** One campaign (its status says lobby or game). */
  detail: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "detail"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}", { params: { path: { campaign_id: campaignId } } })),
    }),
};
