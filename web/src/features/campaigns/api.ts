// The campaigns' requests: my campaigns, the maps, the lobbies to find a game in, my
// substitute listing and a campaign's house rules as query options on the key factory
// (src/api/keys.ts), and creating, joining, asking to join, the schedule and the house rules'
// changes as mutation hooks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

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
  /** My first 100 campaigns. */
  mine: (api: Api) =>
    queryOptions({
      queryKey: keys.campaigns(),
      queryFn: async () => ok(await api.GET("/v1/campaigns", { params: { query: { limit: 100 } } })),
    }),
  /** The maps I may read (the built-in ones and mine). */
  maps: (api: Api) =>
    queryOptions({
      queryKey: keys.maps(),
      queryFn: async () => ok(await api.GET("/v1/maps", { params: { query: { limit: 100 } } })),
    }),
  lobbies: (api: Api) =>
    queryOptions({
      queryKey: keys.findGame("lobbies"),
      queryFn: async () => ok(await api.GET("/v1/lobbies", { params: { query: { limit: 50 } } })),
    }),
  /** My requests to join. */
  myJoinRequests: (api: Api) =>
    queryOptions({
      queryKey: keys.findGame("mine"),
      queryFn: async () => ok(await api.GET("/v1/users/me/join-requests")),
    }),
  /** My substitute listing, or null when I am not listed (404); anything else is a problem. */
  substitute: (api: Api) =>
    queryOptions({
      queryKey: keys.findGame("substitute"),
      queryFn: async () => {
        const result = await api.GET("/v1/users/me/substitute");
        return result.response.status === 404 ? null : ok(result);
      },
    }),
  houseRules: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "house-rules"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/house-rules", { params: { path: { campaign_id: campaignId } } })),
    }),
  /** The house rules' changes, asked once their section is opened. */
  houseRuleChanges: (api: Api, campaignId: string, open: boolean) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "house-rules", "history"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/house-rules/history", { params: { path: { campaign_id: campaignId } } })),
      enabled: open,
    }),
  /** One campaign (its status says lobby or game). */
  detail: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "detail"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}", { params: { path: { campaign_id: campaignId } } })),
    }),
};

/** Create a campaign: `mutate(make)`, where `make` builds the body (and may throw a form's
 * problem), keeping an uploaded map first with `keepMap` (validated by the server, R-MAP).
 * `onCreated` runs once my campaigns are asked again. */
export function useCreateCampaign(onCreated: (created: Schemas["CampaignRead"]) => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const keepMap = async (document: Schemas["MapDocument"]) => {
    const id = ok(await api.POST("/v1/maps", { body: document })).id;
    await queryClient.invalidateQueries({ queryKey: keys.maps() });
    return id;
  };
  return useMutation({
    mutationFn: async (make: (keepMap: (document: Schemas["MapDocument"]) => Promise<string>) => Promise<Schemas["CampaignCreate"]>) =>
      ok(await api.POST("/v1/campaigns", { body: await make(keepMap) })),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: keys.campaigns() });
      onCreated(created);
    },
  });
}

/** Join a campaign with its invite code; `onJoined` runs once it is asked again. */
export function useJoinCampaign(onJoined: (campaignId: string) => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ campaignId, code }: { campaignId: string; code: string }) =>
      ok(await api.POST("/v1/campaigns/{campaign_id}/players", { params: { path: { campaign_id: campaignId } }, body: { invite_code: code } })),
    onSuccess: async (_, { campaignId }) => {
      await queryClient.invalidateQueries({ queryKey: keys.campaigns() });
      await queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
      onJoined(campaignId);
    },
  });
}

/** Ask to join a public campaign (`ask.mutate(body)`) and withdraw a request. */
export function useJoinRequests() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.findGame() });
  const ask = useMutation({
    mutationFn: async (body: Schemas["JoinRequestCreate"]) => ok(await api.POST("/v1/users/me/join-requests", { body })),
    onSuccess: refresh,
  });
  const withdraw = useMutation({
    mutationFn: async (id: string) => ok(await api.DELETE("/v1/users/me/join-requests/{request_id}", { params: { path: { request_id: id } } })),
    onSuccess: refresh,
  });
  return { ask, withdraw };
}

/** List me as a substitute (`save.mutate(body)`) or take me off (`onUnlisted` before the refresh). */
export function useSubstitute(onUnlisted: () => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.findGame("substitute") });
  const save = useMutation({
    mutationFn: async (body: Schemas["SubstituteWrite"]) => ok(await api.PUT("/v1/users/me/substitute", { body })),
    onSuccess: refresh,
  });
  const unlist = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/users/me/substitute")),
    onSuccess: () => {
      onUnlisted();
      return refresh();
    },
  });
  return { save, unlist };
}

/** Add a house rule (`onAdded` before the rules are asked again), remove one, or edit one. */
export function useHouseRules(campaignId: string, onAdded: () => void = () => undefined) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId, "house-rules") });
  const add = useMutation({
    mutationFn: async (body: Schemas["HouseRuleCreate"]) => ok(await api.POST("/v1/campaigns/{campaign_id}/house-rules", { params: { path }, body })),
    onSuccess: async () => {
      onAdded();
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: number) => ok(await api.DELETE("/v1/campaigns/{campaign_id}/house-rules/{rule_id}", { params: { path: { ...path, rule_id: id } } })),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: Schemas["HouseRuleUpdate"] }) =>
      ok(await api.PATCH("/v1/campaigns/{campaign_id}/house-rules/{rule_id}", { params: { path: { ...path, rule_id: id } }, body })),
    onSuccess: refresh,
  });
  return { add, remove, edit };
}

/** Change a lobby's settings (the owner's schedule); the whole campaign is asked again. */
export function useCampaignSettings(campaignId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Schemas["CampaignSettings"]) => ok(await api.PATCH("/v1/campaigns/{campaign_id}", { params: { path: { campaign_id: campaignId } }, body: { settings } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) }),
  });
}
