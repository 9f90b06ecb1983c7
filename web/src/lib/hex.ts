// Hex geometry of the map as the contract describes it (GeneratedMap): axial (q, r), pointy-top
// hexes in odd-r offset rows (row r holds q from -floor(r/2)), wrap "none" | "horizontal" |
// "torus" (a torus has an even height). Pure functions, unit-tested.

export type Coord = readonly [number, number];
export type Wrap = "none" | "horizontal" | "torus";

export interface Grid {
  width: number;
  height: number;
  wrap: Wrap;
}

/** The six neighbour steps, E, NE, NW, W, SW, SE (the server's order). */
export const DIRECTIONS: readonly Coord[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export const SQRT3 = Math.sqrt(3);

export const key = (c: Coord): string => `${c[0]},${c[1]}`;

export function toOffset([q, r]: Coord): [number, number] {
  return [q + Math.floor(r / 2), r];
}

export function fromOffset(col: number, row: number): Coord {
  return [col - Math.floor(row / 2), row];
}

/** The on-map coordinate of `c` after wrapping, or null when it is off the map. */
export function normalize(grid: Grid, c: Coord): Coord | null {
  let [q, r] = c;
  if (grid.wrap === "torus") {
    const turns = Math.floor(r / grid.height);
    q += turns * (grid.height / 2);
    r -= turns * grid.height;
  }
  const offset = toOffset([q, r]);
  let col = offset[0];
  const row = offset[1];
  if (grid.wrap !== "none") col = ((col % grid.width) + grid.width) % grid.width;
  if (col < 0 || col >= grid.width || row < 0 || row >= grid.height) return null;
  return fromOffset(col, row);
}

export function neighbours(grid: Grid, c: Coord): Coord[] {
  const out: Coord[] = [];
  const seen = new Set<string>();
  for (const [dq, dr] of DIRECTIONS) {
    const n = normalize(grid, [c[0] + dq, c[1] + dr]);
    if (n && !seen.has(key(n)) && key(n) !== key(c)) {
      seen.add(key(n));
      out.push(n);
    }
  }
  return out;
}

export function distance(a: Coord, b: Coord): number {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Centre of a hex of circumradius `size` in pixels, the map's top-left hex near (0, 0). */
export function centre([q, r]: Coord, size: number): [number, number] {
  const [col, row] = toOffset([q, r]);
  const x = size * SQRT3 * (col + 0.5 * (row & 1)) + (size * SQRT3) / 2;
  const y = size * 1.5 * row + size;
  return [x, y];
}

/** The SVG `points` of a pointy-top hex around (cx, cy). */
export function corners(cx: number, cy: number, size: number): string {
  const points: string[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(cx + size * Math.cos(angle)).toFixed(1)},${(cy + size * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** Pixel size of the whole map. */
export function mapSize(grid: Grid, size: number): [number, number] {
  return [size * SQRT3 * (grid.width + 0.5), size * (1.5 * grid.height + 0.5)];
}

export interface Reach {
  q: number;
  r: number;
  cost: number;
}

/**
 * A path from `start` to `target` through the reachable tiles (GET …/reachable gives each
 * tile's least cost, not the path): walk back from the target, each step to a neighbour of
 * lower cost (the start costs 0). Returns the tiles after the start, or null if unreachable.
 */
export function pathTo(grid: Grid, start: Coord, target: Coord, reachable: readonly Reach[]): Coord[] | null {
  const cost = new Map<string, number>();
  for (const t of reachable) cost.set(key([t.q, t.r]), t.cost);
  cost.set(key(start), 0);
  if (!cost.has(key(target)) || key(target) === key(start)) return null;
  const path: Coord[] = [target];
  let here: Coord = target;
  for (let guard = 0; guard < reachable.length + 1; guard++) {
    const mine = cost.get(key(here)) ?? 0;
    let best: Coord | null = null;
    let bestCost = Infinity;
    for (const n of neighbours(grid, here)) {
      const c = cost.get(key(n));
      if (c === undefined || c >= mine) continue;
      // Prefer the start, then the cheapest, then the nearest to the start (a straight path).
      const rank = key(n) === key(start) ? -1 : c + distance(n, start) / 100;
      if (rank < bestCost) {
        bestCost = rank;
        best = n;
      }
    }
    if (!best) return null;
    if (key(best) === key(start)) return path.reverse();
    path.push(best);
    here = best;
  }
  return null;
}

/** The SVG polyline `points` of a path drawn from `start` (hex centres at `size`). */
export function pathPoints(start: Coord, path: readonly Coord[], size: number): string {
  return [start, ...path].map((c) => centre(c, size).map((v) => v.toFixed(1)).join(",")).join(" ");
}

/** The hex under a pixel of the map drawn at `size` (the inverse of `centre`). */
export function pixelToHex(x: number, y: number, size: number): Coord {
  const px = x - (size * SQRT3) / 2;
  const py = y - size;
  const fq = ((SQRT3 / 3) * px - py / 3) / size;
  const fr = ((2 / 3) * py) / size;
  // Round in cube coordinates (q + r + s = 0), fixing the component that rounded furthest.
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q + 0, r + 0];
}

/** The text of each coordinate seen, by its tenths: a map's 4,096 hexes have 49,152 corners
 * but a few hundred distinct coordinates, and `toFixed` on each one was a quarter of the map's
 * first render (issue 44's 100 ms budget). The same text as `v.toFixed(1)`: a negative value or
 * a tie (x.x5 times ten rounds to a half) is left to `toFixed` itself. */
const tenthsText: string[] = [];
const tenths = (v: number): string => {
  const t = v * 10;
  const n = Math.round(t);
  if (t < 0 || n - t === 0.5) return v.toFixed(1);
  return (tenthsText[n] ??= `${(n - (n % 10)) / 10}.${n % 10}`);
};

/**
 * One SVG path `d` drawing every hex of `coords` (one element for many tiles). Every layer of
 * the map places its hexes with the same `size` (the layout: `centre`, `pixelToHex`); `inset`
 * only draws the polygon that many pixels inside the hex's corners (a gap between tiles, a
 * border inside the tile) and never moves it. Absolute corners to a tenth of a unit, built
 * without a string or an array per corner (it runs for every hex of every layer).
 */
export function hexesPath(coords: readonly Coord[], size: number, inset = 0): string {
  const radius = Math.max(0, size - inset);
  const dx: number[] = [];
  const dy: number[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    dx.push(radius * Math.cos(angle));
    dy.push(radius * Math.sin(angle));
  }
  let d = "";
  for (const c of coords) {
    const [cx, cy] = centre(c, size);
    d += "M";
    for (let i = 0; i < 6; i++) d += `${i > 0 ? "L" : ""}${tenths(cx + (dx[i] ?? 0))} ${tenths(cy + (dy[i] ?? 0))}`;
    d += "Z";
  }
  return d;
}

/** The centre of each polygon of a `hexesPath` (the mean of its six corners), in order. */
export function pathCentres(d: string): [number, number][] {
  return d
    .split("Z")
    .filter((part) => part.includes("M"))
    .map((part) => {
      const points = part
        .replace("M", "")
        .split("L")
        .map((pair) => pair.trim().split(/\s+/).map(Number));
      const x = points.reduce((sum, p) => sum + (p[0] ?? 0), 0) / points.length;
      const y = points.reduce((sum, p) => sum + (p[1] ?? 0), 0) / points.length;
      return [x, y];
    });
}
