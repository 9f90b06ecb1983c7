// The game's requests: query options (a key of src/api/keys.ts and its request) that the game
// page and its panels read with `useQuery(…)`, and the move order's mutation.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
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
  /** The seats of the campaign (names for the sentences, src/lib/sentences.ts). */
  players: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "players"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: path(campaignId) } })),
    }),
  /** A past turn's summary, as this player may read it. */
  summary: (api: Api, campaignId: string, number: number) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "summary", number),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turns/{number}/summary", { params: { path: { ...path(campaignId), number } } })),
    }),
  /** The map as this player saw it at the end of a past turn. */
  replay: (api: Api, campaignId: string, number: number) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "replay", number),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turns/{number}/map", { params: { path: { ...path(campaignId), number } } })),
    }),
  charts: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "charts"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/charts", { params: { path: path(campaignId) } })),
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

/** The orders panel's army actions (cancel a move, entrench, upgrade…) and cancelling an order. */
export function useArmyOrders(api: Api, campaignId: string) {
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
  const action = useMutation({
    mutationFn: async ({ kind, armyId }: { kind: "cancelMove" | "entrench" | "leaveTrench" | "upgrade" | "cancelUpgrade"; armyId: number }) => {
      const p = { params: { path: { ...path, army_id: armyId } } };
      if (kind === "cancelMove") return ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/move", p));
      if (kind === "entrench") return ok(await api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/entrench", p));
      if (kind === "leaveTrench") return ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/entrench", p));
      if (kind === "upgrade") return ok(await api.POST("/v1/campaigns/{campaign_id}/armies/{army_id}/upgrade", p));
      return ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/upgrade", p));
    },
    onSuccess: refresh,
  });
  const cancelOrder = useMutation({
    mutationFn: async (orderId: number) =>
      ok(await api.DELETE("/v1/campaigns/{campaign_id}/orders/{order_id}", { params: { path: { ...path, order_id: orderId } } })),
    onSuccess: refresh,
  });
  return { action, cancelOrder };
}

/** A hex's panel (what this player sees there) and a build on it. */
export function useTile(api: Api, campaignId: string, coord: Coord | null) {
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const tile = useQuery({
    queryKey: keys.campaign(campaignId, "tile", coord?.[0], coord?.[1]),
    queryFn: async () =>
      ok(await api.GET("/v1/campaigns/{campaign_id}/tiles/{q}/{r}", { params: { path: { ...path, q: coord?.[0] ?? 0, r: coord?.[1] ?? 0 } } })),
    enabled: coord !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
  const build = useMutation({
    mutationFn: async (option: Schemas["BuildOption"]) =>
      ok(
        await api.POST("/v1/campaigns/{campaign_id}/builds", {
          params: { path },
          body: { kind: option.kind, q: coord?.[0] ?? 0, r: coord?.[1] ?? 0, army_id: option.army_id ?? null },
        }),
      ),
    onSuccess: refresh,
  });
  return { tile, build };
}

/** Ready (or not) for the turn's end, and the owner's "resolve now". */
export function useTurnActions(api: Api, campaignId: string) {
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
  const ready = useMutation({
    mutationFn: async (on: boolean) =>
      ok(on ? await api.PUT("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } }) : await api.DELETE("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } })),
    onSuccess: refresh,
  });
  const resolve = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/turn/resolve", { params: { path } })),
    onSuccess: refresh,
  });
  return { ready, resolve };
}
