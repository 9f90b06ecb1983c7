// The seats' requests: the seats offered to me (asked every 15 s), a campaign's seats, a seat's
// holders, my vacation and the owner's open offers (query options on the key factory,
// src/api/keys.ts); accepting or declining an offer, offering my seat, handing a seat over,
// a steward, a vacation and withdrawing an offer as mutation hooks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ok, type Api, type Schemas } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { useSession } from "../../lib/session.tsx";

const path = (campaignId: string) => ({ campaign_id: campaignId });

export const seatQueries = {
  offersToMe: (api: Api) =>
    queryOptions({
      queryKey: keys.seatOffers(),
      queryFn: async () => ok(await api.GET("/v1/users/me/seat-offers", { params: { query: { limit: 100 } } })),
      refetchInterval: 15000,
    }),
  players: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "players"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: path(campaignId) } })),
    }),
  /** Who held a seat, asked once its list is opened. */
  holders: (api: Api, campaignId: string, number: number, open: boolean) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "holders", number),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players/{number}/holders", { params: { path: { ...path(campaignId), number } } })),
      enabled: open,
    }),
  vacation: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "vacation"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/vacation", { params: { path: path(campaignId) } })),
    }),
  /** The owner's open seat offers. */
  offers: (api: Api, campaignId: string) =>
    queryOptions({
      queryKey: keys.campaign(campaignId, "seat-offers"),
      queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/seat-offers", { params: { path: path(campaignId) } })),
    }),
};

function useRefresh(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.campaign(campaignId) });
}

/** Accept an offered seat (`onAccepted` with its campaign, once my lists are asked again) or decline it. */
export function useAnswerSeatOffer(onAccepted: (campaign: Schemas["CampaignRead"]) => void) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: async (offer: Schemas["OfferedSeat"]) => ok(await api.POST("/v1/users/me/seat-offers/{offer_id}/accept", { params: { path: { offer_id: offer.id } } })),
    onSuccess: async (campaign) => {
      await queryClient.invalidateQueries({ queryKey: keys.seatOffers() });
      await queryClient.invalidateQueries({ queryKey: keys.campaigns() });
      await queryClient.invalidateQueries({ queryKey: keys.campaign(campaign.id) });
      onAccepted(campaign);
    },
  });
  const decline = useMutation({
    mutationFn: async (offer: Schemas["OfferedSeat"]) => ok(await api.POST("/v1/users/me/seat-offers/{offer_id}/decline", { params: { path: { offer_id: offer.id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.seatOffers() }),
  });
  return { accept, decline };
}

/** Offer my own seat to whoever takes it (`mutate(true)`), or take the offer back. */
export function useOfferMySeat(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async (on: boolean) =>
      ok(
        on
          ? await api.PUT("/v1/campaigns/{campaign_id}/players/me/offer", { params: { path: path(campaignId) } })
          : await api.DELETE("/v1/campaigns/{campaign_id}/players/me/offer", { params: { path: path(campaignId) } }),
      ),
    onSuccess: refresh,
  });
}

/** The owner's actions on a seat: hand it over to a username (`onOffered` with the offer,
 * before the refresh), or mark its player inactive (a steward plays it). */
export function useSeatActions(campaignId: string, number: number, onOffered: (offer: Schemas["SeatOfferRead"]) => void) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  const p = { ...path(campaignId), number };
  const handover = useMutation({
    mutationFn: async (username: string) => ok(await api.POST("/v1/campaigns/{campaign_id}/players/{number}/handover", { params: { path: p }, body: { username } })),
    onSuccess: async (offer) => {
      onOffered(offer);
      await refresh();
    },
  });
  const steward = useMutation({
    mutationFn: async (inactive: boolean) => ok(await api.PATCH("/v1/campaigns/{campaign_id}/players/{number}", { params: { path: p }, body: { inactive } })),
    onSuccess: refresh,
  });
  return { handover, steward };
}

/** Go on vacation for some days, or come back. */
export function useVacation(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  const start = useMutation({
    mutationFn: async (days: number) => ok(await api.POST("/v1/campaigns/{campaign_id}/vacation", { params: { path: path(campaignId) }, body: { days } })),
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/campaigns/{campaign_id}/vacation", { params: { path: path(campaignId) } })),
    onSuccess: refresh,
  });
  return { start, end };
}

/** The owner withdraws an open seat offer. */
export function useWithdrawSeatOffer(campaignId: string) {
  const { api } = useSession();
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: async (offerId: string) => ok(await api.DELETE("/v1/campaigns/{campaign_id}/seat-offers/{offer_id}", { params: { path: { ...path(campaignId), offer_id: offerId } } })),
    onSuccess: refresh,
  });
}
