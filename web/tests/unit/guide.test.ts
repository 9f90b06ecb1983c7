// "What to do now" (issue 44): the armies with no order, the battles waiting for this player's
// report or confirmation, and nothing else counted.
import { describe, expect, it } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { hintsOf } from "../../src/features/guide/Guide.tsx";

type Army = Schemas["ArmyList"]["mine"][number];
const army = (id: number, over: Partial<Army> = {}) => ({ id, move: null, entrenched: false, ...over }) as Army;
const battle = (id: number, status: Schemas["BattleStatus"], yourSide: "attacker" | "defender" | null, reportedSide: "attacker" | "defender" | null = null) =>
  ({ id, status, your_side: yourSide, report: reportedSide ? { reported_side: reportedSide } : null }) as Schemas["BattleRead"];

describe("what to do now", () => {
  it("counts the armies with no order (not one held in its battle) and the battles that wait for me", () => {
    const me = { gold: 12, ready: false, orders: { upgrades: [{ army_id: 4 }] } } as unknown as Schemas["MeRead"];
    const armies = [army(1), army(2, { move: { path: [[1, 1]] } } as Partial<Army>), army(3, { entrenched: true }), army(4), army(5), army(6, { locked_in_battle: true })];
    const battles = [
      battle(1, "awaiting_report", "attacker"),
      battle(2, "disputed", "defender", "attacker"),
      battle(3, "reported", "defender", "attacker"), // the other side reported: mine to confirm
      battle(4, "reported", "attacker", "attacker"), // I reported: the other side confirms
      battle(5, "confirmed", "attacker", "defender"),
      battle(6, "awaiting_report", null), // not mine (the game master sees it)
    ];
    expect(hintsOf(me, armies, battles)).toEqual({ idleArmies: 2, armies: 6, gold: 12, toReport: 2, toConfirm: 1, ready: false });
  });
});
