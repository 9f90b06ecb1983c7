// Every kind of event of the contract is told as a sentence in English and in French (issue 44):
// with data of its kind, no placeholder, `undefined`, `[object …]` or JSON reaches the player.
import { describe, expect, it } from "vitest";
import type { components } from "../../src/api/schema.d.ts";
import { translate } from "../../src/i18n.tsx";
import { SENTENCES, sentence, wordsOf, type EventData, type EventKind } from "../../src/lib/sentences.ts";

type S = components["schemas"];

// One example of each kind's data, typed by the contract: a kind added to EventKind fails tsc
// here until it has its example (and its sentences, in src/lib/sentences.ts).
const SAMPLES: { [K in EventKind]: EventData<K> } = {
  army_moved: { army_id: 4 },
  path_cut: { army_id: 4, kept: 2, ordered: 3 },
  halted: { army_id: 4, reason: "pact" },
  embarked: { army_id: 4, ship_id: 2 },
  disembarked: { army_id: 4, ship_id: 2 },
  ship_destroyed: { army_id: null, ship_id: 2 },
  storm_rose: { turn: 3 },
  encounter: { battle_id: 7, kind: "field" },
  battle_resolved: { battle_id: 7, battle_kind: "siege", outcome: "attacker_victory", attacker_losses_pct: 20, defender_losses_pct: 70 },
  battle_cancelled: { battle_id: 7 },
  stake_won: { battle_id: 7, winner: 1, loser: 2, amount: 5 },
  pillage_won: { battle_id: 7, winner: 1, loser: 2, amount: 5 },
  stake_taken: { battle_id: 7, owed: 5, taken: 3 },
  victory_counted: { player: 1, victories: 2 },
  army_advanced: { army_id: 4, from_coord: [1, 2], to_coord: [2, 2] },
  army_retreated: { army_id: 4, from_coord: [1, 2], to_coord: [0, 2] },
  army_destroyed: { army_id: 4, owner: 2 },
  army_tier_lost: { army_id: 4, tier: 1 },
  army_seat_lost: { army_id: 4 },
  general_captured: { army_id: 4, general_id: 9, held_by: 1 },
  general_freed: { general_id: 9 },
  structure_captured: { structure_id: 11, from_player: 2, to_player: 1 },
  structure_abandoned: { structure_id: 11, from_player: 2, to_player: 1 },
  structure_destroyed: { structure_id: 11, owner: 2 },
  city_level_lost: { structure_id: 11, level: 1 },
  capital_repulsed: { structure_id: 11 },
  city_besieged: { army_id: 4, structure_id: 11, draws: 1 },
  siege_continues: { battle_id: 7, siege_draws: 2 },
  siege_lifted: { structure_id: 11, army_id: null },
  city_founded: { build_id: 3, kind: "found_city", player: 1 },
  port_built: { build_id: 3, kind: "port", player: 1 },
  outpost_built: { build_id: 3, kind: "outpost", player: 1 },
  city_upgraded: { build_id: 3, kind: "upgrade_city", player: 1 },
  build_cancelled: { build_id: 3, kind: "found_city", coord: [3, 4], reason: "the tile was taken", refund: 6 },
  army_raised: { army_id: 4, city_id: 11 },
  army_upgraded: { army_id: 4, tier: 3 },
  raise_cancelled: { reason: "the city fell" },
  upgrade_cancelled: { army_id: 4, reason: "not enough gold" },
  insolvent: { paid: 2, upkeep: 5 },
  treaty_began: { treaty_id: 5, kind: "pact" },
  treaty_ended: { treaty_id: 5, kind: "alliance" },
  trade_route_lost: { treaty_id: 5 },
  edict_expired: { edict_id: 8, kind: "gift" },
  explored: { edict_id: 8 },
  army_withdrew: { army_id: 4, from: [1, 1], to: [1, 2] },
  gold: { amount: -3, reason: "upkeep of 2 armies" },
  standing_order: { order: "entrench", army_id: 4, given: true, reason: null, cost: 0 },
  treaty_broken: { treaty_id: 5, kind: "pact", by: 2, ends_turn: 6, was_in_force: true },
  edict_received: { edict_id: 8, kind: "embassy", sender: 2 },
  edict_answered: { edict_id: 8, kind: "embassy", status: "accepted" },
  message_received: { message_id: 1, sender: 2, to_all: false },
  player_ready: { player: 2, ready: true },
  turn_changed: { turn: 3, status: "running" },
  turn_forced: { turn: 3, late: [2] },
  turn_rolled_back: { turn: 2 },
  battle_declared: { battle_id: 7, turn: 3, kind: "naval" },
  battle_reported: { battle_id: 7, status: "reported", reported_by: 1 },
  battle_rejected: { battle_id: 7, status: "disputed", reason: "we drew" },
  battle_confirmed: { battle_id: 7, status: "confirmed", outcome: "draw" },
  battle_abandoned: { battle_id: 7, status: "abandoned", outcome: null },
  player_status: { player: 2, inactive: true },
  webhook_disabled: { endpoint_id: "0b9c7e0e-7d1c-4d0c-9a0e-3d5d2c1f7a11", reason: null },
  campaign_paused: { turn: 3 },
  campaign_resumed: { turn: 3, deadline_at: "2026-12-08T12:00:00+00:00", battle_deadline_at: null },
  deadline_extended: { turn: 3, deadline_at: null, battle_deadline_at: null },
  deadline_near: { turn: 3, deadline_at: "2026-12-08T12:00:00+00:00" },
  battle_date_proposed: { battle_id: 7, date: "2026-12-09T18:00:00+00:00", side: "defender" },
  battle_date_agreed: { battle_id: 7, date: "2026-12-09T18:00:00+00:00" },
  battle_report_edited: { battle_id: 7, status: "reported", reported_by: 1, version: 2 },
  seat_offered: { player: 2, offered: true },
  seat_handed_over: { player: 2, turn: 3 },
  seat_offer_declined: { player: 2, seat_removed: false },
  owner_became_game_master: { player: 1, turn: 3 },
  seat_stewarded: { player: 2, turn: 3, missed_in_row: 2 },
  civil_disorder: { player: 2, turn: 3, missed_in_row: 3 },
  civil_disorder_ended: { player: 2, turn: 4 },
  vacation_started: { player: 2, until: "2026-12-20T00:00:00+00:00", days_used: 3, deadline_at: null },
  vacation_ended: { player: 2, until: null, days_used: 3, deadline_at: null },
  turn_change_scheduled: { turn: 3, due_at: "2026-12-08T12:05:00+00:00" },
  turn_change_called_off: { turn: 3 },
};

const NAMES = new Map([
  [1, "Alice"],
  [2, "Bruno"],
]);
const BROKEN = /[{}]|undefined|\[object|NaN|null/;

describe("sentences", () => {
  for (const lang of ["en", "fr"] as const) {
    const w = wordsOf(lang, NAMES);
    it(`tells every kind of the contract in ${lang}`, () => {
      const kinds = Object.keys(SAMPLES) as EventKind[];
      expect(Object.keys(SENTENCES[lang]).sort()).toEqual([...kinds].sort());
      for (const kind of kinds) {
        const text = sentence(kind, SAMPLES[kind], w);
        expect(text, kind).not.toMatch(BROKEN);
        expect(text, kind).not.toBe(translate(lang, "eventUnknown"));
        expect(text, kind).not.toMatch(/[a-z]_[a-z]/); // no key (`found_city`, `awaiting_report`)
        expect(text.length, kind).toBeGreaterThan(10);
      }
    });
  }

  it("names the seats, and says kinds as words in the reader's language", () => {
    const resolved = SAMPLES.battle_resolved;
    expect(sentence("battle_resolved", resolved, wordsOf("en", NAMES))).toBe(
      "Battle #7 (siege): Attacker victory; the attacker lost 20 %, the defender 70 %.",
    );
    expect(sentence("battle_resolved", resolved, wordsOf("fr", NAMES))).toContain("Victoire de l'attaquant");
    expect(sentence("stake_won", SAMPLES.stake_won, wordsOf("fr", NAMES))).toContain("Alice a gagné 5 pièces d'or sur Bruno");
    expect(sentence("encounter", SAMPLES.encounter, wordsOf("fr", NAMES))).toContain("bataille rangée");
  });

  it("counts with the language's plural rule, never with \"(s)\"", () => {
    const [en, fr] = [wordsOf("en", NAMES), wordsOf("fr", NAMES)];
    expect(sentence("victory_counted", { player: 1, victories: 1 }, en)).toBe("Alice counts 1 victory.");
    expect(sentence("victory_counted", { player: 1, victories: 2 }, en)).toBe("Alice counts 2 victories.");
    expect(sentence("victory_counted", { player: 1, victories: 0 }, en)).toBe("Alice counts 0 victories.");
    // French: 0 and 1 are singular.
    expect(sentence("victory_counted", { player: 1, victories: 0 }, fr)).toBe("Alice compte 0 victoire.");
    expect(sentence("victory_counted", { player: 1, victories: 2 }, fr)).toBe("Alice compte 2 victoires.");
    expect(sentence("siege_continues", { battle_id: 7, siege_draws: 1 }, fr)).toBe("Le siège continue (bataille #7, 1 match nul).");
    expect(sentence("siege_continues", { battle_id: 7, siege_draws: 2 }, en)).toBe("The siege goes on (battle #7, 2 draws).");
    for (const lang of ["en", "fr"] as const) {
      for (const kind of Object.keys(SAMPLES) as EventKind[]) {
        expect(sentence(kind, SAMPLES[kind], wordsOf(lang, NAMES)), kind).not.toMatch(/\((s|ies)\)/);
      }
    }
  });

  it("says any name a player chose as it is", () => {
    const odd = wordsOf("en", new Map([[2, "undefined {NaN}"]]));
    expect(sentence("player_ready", SAMPLES.player_ready, odd)).toBe("undefined {NaN} is ready.");
  });

  it("uses the server's own text when the event carries one", () => {
    const gold: S["GoldData"] = { amount: 4, reason: "Revenu de 2 villes" };
    expect(sentence("gold", gold, wordsOf("fr"))).toBe("+4 pièces d'or : Revenu de 2 villes.");
  });

  it("says an unknown kind or data that does not fit as a sentence, never a key or JSON", () => {
    for (const lang of ["en", "fr"] as const) {
      const w = wordsOf(lang);
      expect(sentence("dragon_woke", { x: 1 }, w)).toBe(translate(lang, "eventUnknown"));
      expect(sentence("battle_resolved", {}, w)).toBe(translate(lang, "eventUnknown"));
      expect(sentence("toString", {}, w)).toBe(translate(lang, "eventUnknown"));
      expect(sentence("army_moved", null, w)).toBe(translate(lang, "eventUnknown"));
      expect(sentence("halted", { army_id: 4 }, w)).toBe(translate(lang, "eventUnknown"));
    }
  });
});
