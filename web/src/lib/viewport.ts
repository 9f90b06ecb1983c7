// The map's view (issue 44, round 2): where it opens, how far it zooms, what part of the map
// is on the screen. A view maps the map's own units to CSS pixels of its frame: a point (x, y)
// of the map is drawn at (view.x + k·x, view.y + k·y). Pure functions, unit-tested.
import { centre, fromOffset, mapSize, SQRT3, type Coord, type Grid } from "./hex.ts";

export interface View {
  x: number;
  y: number;
  k: number;
}

export interface Frame {
  width: number;
  height: number;
}

/** The smallest hex a finger taps reliably (WCAG 2.5.5's 44 CSS px), across its flats. */
export const TAP_PX = 44;
/** The hex's width the map opens at: a little over the tap size. */
export const OPEN_PX = 48;
/** Zoomed in, a hex is at most this wide: a few hexes still fit on a phone. */
export const MAX_PX = 180;

/** A hex's width on the screen (flat side to flat side) at scale `k`, hexes of circumradius `size`. */
export function hexWidth(size: number, k: number): number {
  return size * SQRT3 * k;
}

/** The scale at which a hex is `px` CSS pixels wide. */
export function scaleFor(size: number, px: number): number {
  return px / (size * SQRT3);
}

/** How far the view zooms: in, to MAX_PX-wide hexes; out, to the whole map in the frame (never
 * further out than that, nor further in than the opening scale, for a map smaller than its frame). */
export function zoomBounds(grid: Grid, size: number, frame: Frame): { min: number; max: number } {
  const [w, h] = mapSize(grid, size);
  const fit = frame.width > 0 && frame.height > 0 ? Math.min(frame.width / w, frame.height / h) : 1;
  const open = scaleFor(size, OPEN_PX);
  return { min: Math.min(fit, open), max: Math.max(open, scaleFor(size, MAX_PX)) };
}

export function clampScale(k: number, bounds: { min: number; max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, k));
}

/** The view at scale `k` with the map's point (px, py) in the middle of the frame. */
export function centreOn(point: readonly [number, number], frame: Frame, k: number): View {
  return { x: frame.width / 2 - k * point[0], y: frame.height / 2 - k * point[1], k };
}

/** The whole map in the frame, centred. */
export function fitAll(grid: Grid, size: number, frame: Frame): View {
  const [w, h] = mapSize(grid, size);
  const k = zoomBounds(grid, size, frame).min;
  return centreOn([w / 2, h / 2], frame, k);
}

/** The view moved (never zoomed) so that the map covers as much of the frame as it can: a
 * realm on the map's edge opens with the map beside it, not half the frame empty; a map
 * smaller than the frame (along one axis) sits in its middle. */
export function clampToMap(view: View, grid: Grid, size: number, frame: Frame): View {
  const [w, h] = mapSize(grid, size);
  const axis = (at: number, extent: number, room: number) => (extent <= room ? (room - extent) / 2 : Math.min(0, Math.max(room - extent, at)));
  return { x: axis(view.x, w * view.k, frame.width), y: axis(view.y, h * view.k, frame.height), k: view.k };
}

/** How much of the map stays in the frame however far it is dragged: a third of the frame
 * along each axis (all of the map where it is smaller than that). */
export const KEEP_FRACTION = 1 / 3;

/** The view moved (never zoomed) just enough that some of the map stays in the frame: a drag,
 * a key or a pinch can take the map to the frame's edge, never off it (issue 44). */
export function boundPan(view: View, grid: Grid, size: number, frame: Frame): View {
  if (frame.width <= 0 || frame.height <= 0) return view;
  const [w, h] = mapSize(grid, size);
  const axis = (at: number, extent: number, room: number) => {
    const keep = Math.min(extent, room * KEEP_FRACTION);
    return Math.min(room - keep, Math.max(keep - extent, at));
  };
  return { x: axis(view.x, w * view.k, frame.width), y: axis(view.y, h * view.k, frame.height), k: view.k };
}

/** The view that shows every point (map units) with `margin` CSS pixels to spare: moved as
 * little as it can; zoomed out (within `bounds`) only when they do not fit at this scale, then
 * centred on them. The reachable hexes after "select to move" (issue 44). */
export function showPoints(view: View, points: readonly (readonly [number, number])[], frame: Frame, margin: number, bounds: { min: number; max: number }): View {
  if (points.length === 0 || frame.width <= 0 || frame.height <= 0) return view;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const roomW = Math.max(1, frame.width - 2 * margin);
  const roomH = Math.max(1, frame.height - 2 * margin);
  const fits = (x1 - x0) * view.k <= roomW && (y1 - y0) * view.k <= roomH;
  if (!fits) {
    const k = clampScale(Math.min(roomW / Math.max(1e-9, x1 - x0), roomH / Math.max(1e-9, y1 - y0), view.k), bounds);
    return centreOn([(x0 + x1) / 2, (y0 + y1) / 2], frame, k);
  }
  const axis = (at: number, lo: number, hi: number, room: number) => {
    const a = at + view.k * lo;
    const b = at + view.k * hi;
    if (a < margin) return at + margin - a;
    if (b > room - margin) return at + room - margin - b;
    return at;
  };
  return { x: axis(view.x, x0, x1, frame.width), y: axis(view.y, y0, y1, frame.height), k: view.k };
}

/** The view the map opens on: hex `home` as near the middle as the map's edges allow, hexes
 * OPEN_PX wide (within bounds). */
export function openingView(grid: Grid, size: number, frame: Frame, home: Coord): View {
  const k = clampScale(scaleFor(size, OPEN_PX), zoomBounds(grid, size, frame));
  return clampToMap(centreOn(centre(home, size), frame, k), grid, size, frame);
}

/** Zoom by `factor` around the frame's point (px, py), which stays where it is. */
export function zoomAt(view: View, factor: number, px: number, py: number, bounds: { min: number; max: number }): View {
  const k = clampScale(view.k * factor, bounds);
  return { x: px - ((px - view.x) * k) / view.k, y: py - ((py - view.y) * k) / view.k, k };
}

/** The part of the map (its units) the frame shows: for the minimap's rectangle. */
export function visibleRect(view: View, frame: Frame): { x: number; y: number; width: number; height: number } {
  return { x: -view.x / view.k, y: -view.y / view.k, width: frame.width / view.k, height: frame.height / view.k };
}

interface RealmTile {
  q: number;
  r: number;
  owner?: number | null;
  structure?: { kind: string; capital?: boolean } | null;
  armies?: readonly { owner: number }[] | null;
}

/**
 * Where a player's realm is: their capital; else, among their armies and cities, the one
 * nearest to the middle of them all; else (no seat, nothing left) the map's centre.
 */
export function realmHome(world: Grid & { tiles: readonly RealmTile[] }, me: number | null): Coord {
  const middle = fromOffset(Math.floor(world.width / 2), Math.floor(world.height / 2));
  if (me === null) return middle;
  const capital = world.tiles.find((t) => t.owner === me && t.structure?.capital === true);
  if (capital) return [capital.q, capital.r];
  const mine = world.tiles.filter((t) => (t.owner === me && t.structure?.kind === "city") || (t.armies ?? []).some((a) => a.owner === me));
  if (mine.length === 0) return middle;
  const points = mine.map((t) => centre([t.q, t.r], 1));
  const mx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const my = points.reduce((s, p) => s + p[1], 0) / points.length;
  let best = mine[0] as RealmTile;
  let bestDistance = Infinity;
  for (const [i, t] of mine.entries()) {
    const p = points[i] as [number, number];
    const d = Math.hypot(p[0] - mx, p[1] - my);
    if (d < bestDistance) {
      bestDistance = d;
      best = t;
    }
  }
  return [best.q, best.r];
}
