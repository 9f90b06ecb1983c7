// The table from event kind to the queries it refreshes (issue 44): every kind of the contract's
// union has its entry (tsc checks it through `satisfies`; this test reads the generated
// contract itself), and a closed battle refreshes the board, not only the battle list.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVERYTHING, keysToRefresh, REFRESH } from "../../src/api/live.ts";

const contract = JSON.parse(readFileSync(new URL("../../../openapi/openapi.json", import.meta.url), "utf-8")) as {
  components: { schemas: { EventKind: { enum: string[] } } };
};
const kinds = contract.components.schemas.EventKind.enum;

describe("live events refresh what they change", () => {
  it("has one entry for every kind of the contract, and no other", () => {
    expect(Object.keys(REFRESH).sort()).toEqual([...kinds].sort());
  });

  it("refreshes the map and the armies when a battle is confirmed (the page went stale)", () => {
    const keys = keysToRefresh("c1", "battle_confirmed").map((k) => k.join("/"));
    for (const part of ["map", "armies", "battles", "me", "tile", "reachable"]) expect(keys).toContain(`campaign/c1/${part}`);
  });

  it("refreshes the whole campaign at a turn change, and for a kind it does not know", () => {
    for (const kind of ["turn_changed", "turn_forced", "turn_rolled_back", "seat_handed_over", "a_kind_from_a_newer_server"]) {
      expect(keysToRefresh("c1", kind)).toEqual([["campaign", "c1"]]);
    }
  });

  it("keeps a message to the messages and the unread count", () => {
    expect(keysToRefresh("c1", "message_received")).toEqual([
      ["campaign", "c1", "messages"],
      ["campaign", "c1", "unread"],
    ]);
  });

  it("gives every kind something to refresh, each key once", () => {
    for (const kind of kinds) {
      const keys = keysToRefresh("c1", kind).map((k) => k.join("/"));
      expect(keys.length, kind).toBeGreaterThan(0);
      expect(new Set(keys).size, kind).toBe(keys.length);
      expect(REFRESH[kind as keyof typeof REFRESH] === EVERYTHING || keys.every((k) => k.startsWith("campaign/c1/")), kind).toBe(true);
    }
  });
});
