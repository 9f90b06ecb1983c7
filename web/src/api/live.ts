// What each live event refreshes (issue 44): one typed table from every kind of the contract's
// union (EventKind, generated from openapi/openapi.json) to the campaign's queries it makes
// stale. `satisfies Record<EventKind, …>` makes tsc refuse a kind the table forgets, so a new
// kind on the server cannot leave a page stale without a decision here.
import type { QueryKey } from "@tanstack/react-query";
import type { EventKind } from "./events.ts";
import { keys, type CampaignPart } from "./keys.ts";

export type { CampaignPart };

/** Every query of the campaign: the whole view changed (a new turn, a seat changing hands). */
export const EVERYTHING = "everything";
export type Refresh = typeof EVERYTHING | readonly CampaignPart[];

// What moves, takes or changes a tile: the map under fog, the armies, a tile's panel, where an
// army may go, the gold and orders (`me`), the turn's counts.
const BOARD = ["map", "armies", "tile", "reachable", "me", "turn"] as const satisfies readonly CampaignPart[];
// A battle's life: its list, and the armies it locks.
const BATTLE = ["battles", "armies", "turn"] as const satisfies readonly CampaignPart[];
// A battle closed (confirmed, abandoned, cancelled): its outcome applies to the board at once
// (the loser retreats or is destroyed, a general is taken, a city changes hands).
const BATTLE_CLOSED = [...BOARD, "battles", "generals", "players", "charts"] as const satisfies readonly CampaignPart[];
const GOLD = ["me", "players", "charts"] as const satisfies readonly CampaignPart[];
const DIPLOMACY = ["edicts", "treaties", "me", "players", "map"] as const satisfies readonly CampaignPart[];
const CLOCK = ["turn", "detail"] as const satisfies readonly CampaignPart[];
const SEATS = ["detail", "players", "seat-offers", "holders", "me", "turn"] as const satisfies readonly CampaignPart[];

export const REFRESH = {
  // The turn changed: everything the page shows is of the new turn.
  turn_changed: EVERYTHING,
  turn_forced: EVERYTHING,
  turn_rolled_back: EVERYTHING,
  // Whose seat it is changed: the whole view is another player's (or the game master's).
  seat_handed_over: EVERYTHING,
  owner_became_game_master: EVERYTHING,
  // The turn's resolution (these reach the page in summaries, and live with a turn change).
  army_moved: BOARD,
  path_cut: BOARD,
  halted: BOARD,
  embarked: BOARD,
  disembarked: BOARD,
  ship_destroyed: BOARD,
  storm_rose: BOARD,
  encounter: [...BOARD, "battles"],
  army_advanced: BOARD,
  army_retreated: BOARD,
  army_destroyed: BOARD,
  army_tier_lost: BOARD,
  army_seat_lost: BOARD,
  army_withdrew: BOARD,
  general_captured: [...BOARD, "generals"],
  general_freed: [...BOARD, "generals"],
  structure_captured: [...BOARD, "players", "charts"],
  structure_abandoned: [...BOARD, "players", "charts"],
  structure_destroyed: [...BOARD, "players", "charts"],
  city_level_lost: BOARD,
  capital_repulsed: BOARD,
  city_besieged: BOARD,
  siege_continues: BOARD,
  siege_lifted: BOARD,
  city_founded: [...BOARD, "players", "charts"],
  port_built: BOARD,
  outpost_built: BOARD,
  city_upgraded: BOARD,
  build_cancelled: BOARD,
  army_raised: BOARD,
  army_upgraded: BOARD,
  raise_cancelled: BOARD,
  upgrade_cancelled: BOARD,
  explored: BOARD,
  standing_order: BOARD,
  battle_resolved: BATTLE_CLOSED,
  battle_cancelled: BATTLE_CLOSED,
  // Gold and standing.
  stake_won: GOLD,
  pillage_won: GOLD,
  stake_taken: GOLD,
  victory_counted: GOLD,
  insolvent: GOLD,
  gold: GOLD,
  // Diplomacy and messages.
  treaty_began: DIPLOMACY,
  treaty_ended: DIPLOMACY,
  treaty_broken: DIPLOMACY,
  trade_route_lost: DIPLOMACY,
  edict_expired: DIPLOMACY,
  edict_received: DIPLOMACY,
  edict_answered: DIPLOMACY,
  message_received: ["messages", "unread"],
  // The turn's clock and who is ready.
  player_ready: ["turn", "players"],
  player_status: ["turn", "players"],
  campaign_paused: CLOCK,
  campaign_resumed: CLOCK,
  deadline_extended: CLOCK,
  deadline_near: CLOCK,
  turn_change_scheduled: CLOCK,
  turn_change_called_off: CLOCK,
  // Battles between turns: reported, disputed, dated; closed ones change the board.
  battle_declared: BATTLE,
  battle_reported: BATTLE,
  battle_rejected: BATTLE,
  battle_report_edited: BATTLE,
  battle_date_proposed: BATTLE,
  battle_date_agreed: BATTLE,
  battle_confirmed: BATTLE_CLOSED,
  battle_abandoned: BATTLE_CLOSED,
  // Seats, stewards, vacations, civil disorder.
  seat_offered: SEATS,
  seat_offer_declined: SEATS,
  seat_stewarded: SEATS,
  civil_disorder: SEATS,
  civil_disorder_ended: SEATS,
  vacation_started: [...SEATS, "vacation"],
  vacation_ended: [...SEATS, "vacation"],
  webhook_disabled: ["webhooks"],
} as const satisfies Record<EventKind, Refresh>;

/** The query keys an event of `kind` makes stale in campaign `campaignId`; an unknown kind (a
 * server newer than this client) refreshes everything rather than leave the page stale. */
export function keysToRefresh(campaignId: string, kind: string): QueryKey[] {
  const refresh: Refresh = (REFRESH as Record<string, Refresh>)[kind] ?? EVERYTHING;
  if (refresh === EVERYTHING) return [keys.campaign(campaignId)];
  return [...new Set(refresh)].map((part) => keys.campaign(campaignId, part));
}
