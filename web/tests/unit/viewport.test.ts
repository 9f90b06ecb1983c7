// The map's view (issue 44, round 2): it opens on the player's realm with hexes a finger can
// tap, zooms between the whole map and big hexes, and says what part of the map it shows.
import { describe, expect, it } from "vitest";
import { centre, mapSize, type Grid } from "../../src/lib/hex.ts";
import { boundPan, centreOn, fitAll, hexWidth, KEEP_FRACTION, openingView, realmHome, showPoints, TAP_PX, visibleRect, zoomAt, zoomBounds } from "../../src/lib/viewport.ts";

const HEX = 18;
const oldWorld: Grid = { width: 28, height: 20, wrap: "none" };
const phone = { width: 343, height: 440 };
const desktop = { width: 860, height: 640 };

describe("the opening view", () => {
  it("puts the home hex in the middle of the frame, at least TAP_PX wide, on a phone and a desktop", () => {
    for (const frame of [phone, desktop]) {
      const view = openingView(oldWorld, HEX, frame, [9, 10]);
      const [x, y] = centre([9, 10], HEX);
      expect(view.x + view.k * x).toBeCloseTo(frame.width / 2);
      expect(view.y + view.k * y).toBeCloseTo(frame.height / 2);
      expect(hexWidth(HEX, view.k)).toBeGreaterThanOrEqual(TAP_PX);
    }
  });

  it("opens on a realm at the map's corner with the map filling the frame, the hex still in it", () => {
    for (const frame of [phone, desktop]) {
      const view = openingView(oldWorld, HEX, frame, [0, 0]);
      expect([view.x, view.y]).toEqual([0, 0]);
      const [x, y] = centre([0, 0], HEX);
      const half = hexWidth(HEX, view.k) / 2;
      expect(view.x + view.k * x - half).toBeGreaterThanOrEqual(0);
      expect(view.y + view.k * y - half).toBeGreaterThanOrEqual(0);
      const [w, h] = mapSize(oldWorld, HEX);
      const far = openingView(oldWorld, HEX, frame, [20, 19]);
      expect(far.x + far.k * w).toBeCloseTo(frame.width);
      expect(far.y + far.k * h).toBeCloseTo(frame.height);
    }
  });

  it("fits the whole map in the frame, centred", () => {
    const view = fitAll(oldWorld, HEX, phone);
    const [w, h] = mapSize(oldWorld, HEX);
    expect(view.k * w).toBeLessThanOrEqual(phone.width + 1e-9);
    expect(view.k * h).toBeLessThanOrEqual(phone.height + 1e-9);
    expect(view.x + (view.k * w) / 2).toBeCloseTo(phone.width / 2);
    expect(view.y + (view.k * h) / 2).toBeCloseTo(phone.height / 2);
  });
});

describe("zoom bounds", () => {
  it("zooms out to the whole map and no further, in to big hexes and no further", () => {
    const bounds = zoomBounds(oldWorld, HEX, desktop);
    const [w, h] = mapSize(oldWorld, HEX);
    expect(bounds.min).toBeCloseTo(Math.min(desktop.width / w, desktop.height / h));
    let view = openingView(oldWorld, HEX, desktop, [3, 3]);
    for (let i = 0; i < 50; i++) view = zoomAt(view, 1.25, 100, 100, bounds);
    expect(view.k).toBe(bounds.max);
    expect(hexWidth(HEX, view.k)).toBeCloseTo(180);
    for (let i = 0; i < 80; i++) view = zoomAt(view, 0.8, 100, 100, bounds);
    expect(view.k).toBe(bounds.min);
  });

  it("never zooms a small map out below the opening scale (it fits already)", () => {
    const tiny: Grid = { width: 8, height: 8, wrap: "none" };
    const bounds = zoomBounds(tiny, HEX, desktop);
    expect(hexWidth(HEX, bounds.min)).toBeCloseTo(48);
  });

  it("keeps the point under the wheel where it is", () => {
    const bounds = zoomBounds(oldWorld, HEX, desktop);
    const view = centreOn([300, 200], desktop, 1);
    const zoomed = zoomAt(view, 1.5, 250, 120, bounds);
    const before = [(250 - view.x) / view.k, (120 - view.y) / view.k];
    const after = [(250 - zoomed.x) / zoomed.k, (120 - zoomed.y) / zoomed.k];
    expect(after[0]).toBeCloseTo(before[0] ?? NaN);
    expect(after[1]).toBeCloseTo(before[1] ?? NaN);
  });

  it("tells the minimap the part of the map on the screen", () => {
    const rect = visibleRect({ x: -100, y: -50, k: 2 }, desktop);
    expect(rect).toEqual({ x: 50, y: 25, width: 430, height: 320 });
  });
});

describe("the realm's home", () => {
  const tiles = [
    { q: 0, r: 0 },
    { q: 4, r: 2, owner: 1, structure: { kind: "city", capital: false } },
    { q: 9, r: 9, owner: 1, structure: { kind: "city", capital: true } },
    { q: 2, r: 6, armies: [{ owner: 2 }] },
    { q: 3, r: 6, armies: [{ owner: 2 }] },
    { q: 12, r: 6, armies: [{ owner: 2 }] },
    { q: 5, r: 6, owner: 3, structure: { kind: "port" } },
  ];
  const world = { ...oldWorld, tiles };

  it("is the player's capital", () => {
    expect(realmHome(world, 1)).toEqual([9, 9]);
  });

  it("without a capital, is the army or city nearest the middle of them all", () => {
    expect(realmHome(world, 2)).toEqual([3, 6]);
  });

  it("with nothing of theirs, or no seat, is the middle of the map", () => {
    expect(realmHome(world, 3)).toEqual([9, 10]);
    expect(realmHome(world, null)).toEqual([9, 10]);
  });
});

describe("the pan's bounds", () => {
  it("keeps a third of the frame covered by the map however far it is dragged, on each side", () => {
    const [w, h] = mapSize(oldWorld, HEX);
    for (const frame of [phone, desktop]) {
      const k = openingView(oldWorld, HEX, frame, [9, 10]).k;
      for (const [x, y] of [[1e6, 1e6], [-1e6, -1e6], [1e6, -1e6], [-1e6, 1e6]] as const) {
        const view = boundPan({ x, y, k }, oldWorld, HEX, frame);
        // The part of the map on the screen, along each axis.
        const shownX = Math.min(frame.width, view.x + k * w) - Math.max(0, view.x);
        const shownY = Math.min(frame.height, view.y + k * h) - Math.max(0, view.y);
        expect(shownX).toBeCloseTo(Math.min(k * w, frame.width * KEEP_FRACTION));
        expect(shownY).toBeCloseTo(Math.min(k * h, frame.height * KEEP_FRACTION));
      }
    }
  });

  it("leaves a view inside those bounds where it is", () => {
    const view = openingView(oldWorld, HEX, phone, [9, 10]);
    expect(boundPan(view, oldWorld, HEX, phone)).toEqual(view);
    const moved = { ...view, x: view.x - 50, y: view.y + 30 };
    expect(boundPan(moved, oldWorld, HEX, phone)).toEqual(moved);
  });
});

describe("showing the reachable hexes", () => {
  const bounds = zoomBounds(oldWorld, HEX, phone);
  const onScreen = (view: { x: number; y: number; k: number }, p: readonly [number, number], margin: number) =>
    view.x + view.k * p[0] >= margin - 1e-6 && view.x + view.k * p[0] <= phone.width - margin + 1e-6 && view.y + view.k * p[1] >= margin - 1e-6 && view.y + view.k * p[1] <= phone.height - margin + 1e-6;

  it("pans just enough for hexes out of the frame to come in, at the same zoom", () => {
    const view = openingView(oldWorld, HEX, phone, [9, 10]);
    const points = [centre([9, 10], HEX), centre([12, 10], HEX), centre([9, 13], HEX)];
    const shown = showPoints({ ...view, x: view.x - 150 }, points, phone, 20, bounds);
    expect(shown.k).toBe(view.k);
    for (const p of points) expect(onScreen(shown, p, 20)).toBe(true);
  });

  it("zooms out, centred on them, when they do not fit at this zoom", () => {
    const view = { ...openingView(oldWorld, HEX, phone, [9, 10]), k: bounds.max };
    const points = [centre([4, 8], HEX), centre([14, 12], HEX)];
    const shown = showPoints(view, points, phone, 20, bounds);
    expect(shown.k).toBeLessThan(view.k);
    for (const p of points) expect(onScreen(shown, p, 20)).toBe(true);
  });

  it("moves nothing when every hex is in the frame already", () => {
    const view = openingView(oldWorld, HEX, phone, [9, 10]);
    expect(showPoints(view, [centre([9, 10], HEX)], phone, 20, bounds)).toEqual(view);
  });
});
