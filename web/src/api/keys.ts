// The one query-key factory of the client (issue 44): every query, invalidation and cache read
// names its key here, never as a literal array, so a key read in one feature and refreshed in
// another (a live event, a mutation elsewhere) cannot drift apart. A key is a prefix of the keys
// under it: invalidating `keys.campaign(id)` refreshes every query of that campaign.
import type { QueryKey } from "@tanstack/react-query";

/** The parts of a campaign's queries, `["campaign", id, part, …]`; src/api/live.ts says which
 * ones each live event makes stale. */
export type CampaignPart =
  | "detail"
  | "turn"
  | "me"
  | "map"
  | "armies"
  | "reachable"
  | "tile"
  | "battles"
  | "messages"
  | "unread"
  | "players"
  | "edicts"
  | "treaties"
  | "generals"
  | "seat-offers"
  | "holders"
  | "vacation"
  | "webhooks"
  | "charts"
  | "rollbacks"
  | "ruleset"
  | "factions"
  | "threads"
  | "join-requests"
  | "house-rules"
  | "summary"
  | "replay"
  | "roster";

/** A family of keys under one root: `family()` is the prefix, `family(a, b)` a query under it. */
function family(root: string) {
  return (...more: readonly unknown[]): QueryKey => [root, ...more];
}

export const keys = {
  /** A campaign's queries: `campaign(id)` all of them, `campaign(id, part, …)` one. */
  campaign: (campaignId: string, part?: CampaignPart, ...more: readonly unknown[]): QueryKey =>
    part === undefined ? ["campaign", campaignId] : ["campaign", campaignId, part, ...more],
  /** The signed-in user (`me(token)`), and their email address (`me("email")`). */
  me: family("me"),
  /** My campaigns: the first page (`campaigns()`), every page (`campaigns("all")`). */
  campaigns: family("campaigns"),
  maps: family("maps"),
  map: family("map"),
  findGame: family("find-a-game"),
  inbox: family("inbox"),
  spectate: family("spectate"),
  lobbies: family("lobbies"),
  push: family("push"),
  moderation: family("moderation"),
  operator: family("operator"),
  tokens: family("tokens"),
  accountNotices: family("account-notices"),
  seatOffers: family("seat-offers"),
  notifications: family("notifications"),
  reliability: family("reliability"),
  identities: family("identities"),
  authProviders: family("auth-providers"),
  discordLink: family("discord-link"),
} as const;
