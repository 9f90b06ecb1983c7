// @vitest-environment jsdom
// What the map draws (issue 44, round 2): one token per owner on a hex, its side by shape, a
// count badge for a stack, a ring on the selected army; terrain filled by its own pattern; the
// lobby's preview read from the free-form map document.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { HexMap } from "../../src/features/map/HexMap.tsx";
import { previewOf } from "../../src/features/map/MapPreview.tsx";
import { I18nProvider } from "../../src/i18n.tsx";

afterEach(cleanup);

const world = {
  turn: 3,
  width: 8,
  height: 8,
  wrap: "none",
  tiles: [
    { q: 0, r: 0, fog: "visible", terrain: "forest", owner: 1, structure: { id: 1, kind: "city", level: 2, capital: true, besieged: false, also_port: false }, armies: [{ id: 11, owner: 1, tier: 1, at_sea: false }, { id: 12, owner: 1, tier: 3, at_sea: false }, { id: 21, owner: 2, tier: 2, at_sea: false }] },
    { q: 1, r: 0, fog: "visible", terrain: "sea", armies: [{ id: 31, owner: 3, tier: 1, at_sea: true }] },
    { q: 2, r: 0, fog: "explored", terrain: "marsh" },
    { q: 3, r: 0, fog: "unexplored" },
  ],
} as unknown as Schemas["WorldMap"];

function draw(armyId: number | null) {
  const army = armyId === null ? null : { id: armyId, q: 0, r: 0 };
  return render(
    <I18nProvider>
      <HexMap world={world} battles={[]} selected={null} army={army} reachable={[]} path={null} onSelect={() => undefined} label="map" me={1} hostile={new Map([[2, true], [3, false]])} />
    </I18nProvider>,
  );
}

describe("army tokens", () => {
  it("draws one token per owner on a hex, the side by shape, the best tier and the count", () => {
    const { container } = draw(null);
    const stacks = [...container.querySelectorAll("svg.map g.stack")].map((g) => ({
      owner: g.getAttribute("data-owner"),
      side: g.getAttribute("data-side"),
      count: g.getAttribute("data-count"),
      tier: g.querySelector(".token-tier")?.textContent,
      badge: g.querySelector(".token-count text")?.textContent ?? null,
      shape: g.querySelector(".token-shape")?.tagName,
      armies: [...g.querySelectorAll("g.army")].map((a) => a.getAttribute("data-army-id")),
    }));
    expect(stacks).toEqual([
      { owner: "1", side: "own", count: "2", tier: "3", badge: "2", shape: "circle", armies: ["11", "12"] },
      { owner: "2", side: "enemy", count: "1", tier: "2", badge: null, shape: "polygon", armies: ["21"] },
      { owner: "3", side: "allied", count: "1", tier: "1", badge: null, shape: "rect", armies: ["31"] },
    ]);
    expect(container.querySelectorAll("svg.map g.token.chosen")).toHaveLength(0);
  });

  it("rings the selected army's token, and only it", () => {
    const { container } = draw(12);
    const chosen = [...container.querySelectorAll("svg.map g.token.chosen")];
    expect(chosen).toHaveLength(1);
    expect(chosen[0]?.closest("g.stack")?.getAttribute("data-owner")).toBe("1");
  });
});

describe("terrain and legend", () => {
  it("fills each terrain with its own pattern, defined in the same SVG; unexplored stays dark", () => {
    const { container } = draw(null);
    for (const path of container.querySelectorAll("svg.map path.tile[data-terrain]")) {
      const id = /^url\(#(.+)\)$/.exec(path.getAttribute("fill") ?? "")?.[1] ?? "";
      expect(id).toContain(`-t-${path.getAttribute("data-terrain")}`);
      expect(container.querySelector(`svg.map pattern[id="${id}"]`)).not.toBeNull();
    }
    expect(container.querySelector('svg.map path.tile[data-fog="unexplored"]')?.getAttribute("fill")).toMatch(/^#/);
  });

  it("shows and hides the legend, its button saying which", () => {
    draw(null);
    const button = screen.getByRole("button", { name: "Show the legend" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("region", { name: "Map legend" })).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole("region", { name: "Map legend" }).textContent).toContain("an enemy army (diamond)");
    fireEvent.click(screen.getByRole("button", { name: "Hide the legend" }));
    expect(screen.queryByRole("region", { name: "Map legend" })).toBeNull();
  });
});

describe("the lobby's preview", () => {
  it("reads tiles and slots from the map document, skipping what is not one", () => {
    const doc = { tiles: [{ q: 0, r: 0, terrain: "forest" }, { q: 1, r: 0, terrain: "lava" }, { q: "x", r: 0 }, null], slots: [{ q: 0, r: 0, name: "A" }, { r: 1 }] };
    expect(previewOf(doc)).toEqual({
      tiles: [
        { q: 0, r: 0, terrain: "forest" },
        { q: 1, r: 0, terrain: "plain" },
      ],
      slots: [{ q: 0, r: 0 }],
    });
    expect(previewOf(null)).toEqual({ tiles: [], slots: [] });
  });
});
