import { describe, expect, it } from "vitest";
import { centre, corners, distance, fromOffset, hexesPath, key, mapSize, neighbours, normalize, pathCentres, pathPoints, pathTo, pixelToHex, toOffset, type Coord, type Grid } from "../../src/lib/hex.ts";

const flat: Grid = { width: 10, height: 8, wrap: "none" };

describe("hex geometry", () => {
  it("keeps odd-r rows: row r starts at q = -floor(r/2)", () => {
    expect(normalize(flat, [0, 0])).toEqual([0, 0]);
    expect(normalize(flat, [-1, 3])).toEqual([-1, 3]);
    expect(normalize(flat, [-2, 3])).toBeNull();
    expect(normalize(flat, [10, 0])).toBeNull();
  });

  it("wraps horizontally and on a torus", () => {
    const ring: Grid = { width: 10, height: 8, wrap: "horizontal" };
    expect(normalize(ring, [10, 0])).toEqual([0, 0]);
    expect(normalize(ring, [0, -1])).toBeNull();
    const torus: Grid = { width: 10, height: 8, wrap: "torus" };
    expect(normalize(torus, [0, 8])).toEqual([4, 0]); // q shifts by height/2 per wrap (as the server)
    expect(normalize(torus, [3, -1])).toEqual([-1, 7]);
    expect(neighbours(torus, [0, 0])).toHaveLength(6);
  });

  it("gives corner tiles fewer neighbours", () => {
    expect(neighbours(flat, [0, 0])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(neighbours(flat, [3, 3])).toHaveLength(6);
  });

  it("places odd rows half a hex east", () => {
    const [x0, y0] = centre([0, 0], 10);
    const [x1, y1] = centre([0, 1], 10);
    expect(x1 - x0).toBeCloseTo((Math.sqrt(3) * 10) / 2);
    expect(y1 - y0).toBeCloseTo(15);
    expect(corners(0, 0, 10).split(" ")).toHaveLength(6);
    const [w, h] = mapSize(flat, 10);
    expect(w).toBeGreaterThan(centre([9, 0], 10)[0]);
    expect(h).toBeGreaterThan(centre([-3, 7], 10)[1]);
  });

  it("measures axial distance", () => {
    expect(distance([0, 0], [3, -1])).toBe(3);
    expect(distance([2, 1], [7, 1])).toBe(5);
  });
});

describe("path drawing", () => {
  // Costs as GET …/reachable gives them from (2, 1): a straight road east, a detour north.
  const reach = [
    { q: 3, r: 1, cost: 1 },
    { q: 4, r: 1, cost: 2 },
    { q: 5, r: 1, cost: 3 },
    { q: 3, r: 0, cost: 1 },
    { q: 4, r: 0, cost: 3 },
  ];

  it("walks back through tiles of decreasing cost", () => {
    expect(pathTo(flat, [2, 1], [5, 1], reach)).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(pathTo(flat, [2, 1], [3, 0], reach)).toEqual([[3, 0]]);
  });

  it("refuses unreachable targets and the start itself", () => {
    expect(pathTo(flat, [2, 1], [8, 5], reach)).toBeNull();
    expect(pathTo(flat, [2, 1], [2, 1], reach)).toBeNull();
  });

  it("draws the path from the army's tile", () => {
    const points = pathPoints([2, 1], [[3, 1]], 10).split(" ");
    expect(points).toHaveLength(2);
    expect(points[0]).toBe(centre([2, 1], 10).map((v) => v.toFixed(1)).join(","));
  });
});

describe("picking and batching", () => {
  it("finds the hex under any pixel near a centre", async () => {
    const { pixelToHex } = await import("../../src/lib/hex.ts");
    for (const c of [[0, 0], [3, 1], [-1, 3], [-3, 7], [9, 0]] as const) {
      const [x, y] = centre(c, 18);
      expect(pixelToHex(x, y, 18)).toEqual([c[0], c[1]]);
      expect(pixelToHex(x + 7, y - 6, 18)).toEqual([c[0], c[1]]);
    }
  });

  it("draws many hexes as one path", async () => {
    const { hexesPath } = await import("../../src/lib/hex.ts");
    const d = hexesPath([[0, 0], [1, 0]], 10);
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.match(/Z/g)).toHaveLength(2);
  });

  it("writes every corner as toFixed(1) would, on a 64×64 map and off its edges", () => {
    // hexesPath writes a corner's text from a table of tenths (the map's first render,
    // issue 44): the drawing is the same path, corner for corner, as before that table.
    const coords: Coord[] = [];
    for (let row = -2; row < 64; row++) for (let col = -2; col < 64; col++) coords.push(fromOffset(col, row));
    for (const [size, inset] of [[18, 0], [18, 0.6], [18, 2], [18, 5], [10, 0], [7.3, 0.25]] as const) {
      const radius = size - inset;
      const expected = coords
        .map((c) => {
          const [cx, cy] = centre(c, size);
          const points = [0, 1, 2, 3, 4, 5].map((i) => {
            const angle = (Math.PI / 180) * (60 * i - 30);
            return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
          });
          return `M${points.join("L")}Z`;
        })
        .join("");
      expect(hexesPath(coords, size, inset), `size ${size}, inset ${inset}`).toBe(expected);
    }
  });
});

describe("one geometry for every layer (issue 44)", () => {
  // The Old World: 28 × 20, where a drawing at another scale drifted two hexes by the east.
  const oldWorld: Grid = { width: 28, height: 20, wrap: "none" };
  const every: Coord[] = [];
  for (let row = 0; row < oldWorld.height; row++) for (let col = 0; col < oldWorld.width; col++) every.push(fromOffset(col, row));

  it("places every polygon at its hex's centre, whatever its inset", () => {
    for (const inset of [0, 0.6, 2, 5]) {
      const centres = pathCentres(hexesPath(every, 18, inset));
      expect(centres).toHaveLength(every.length);
      centres.forEach(([x, y], i) => {
        const [cx, cy] = centre(every[i]!, 18);
        expect(Math.abs(x - cx), `${key(every[i]!)} inset ${inset}`).toBeLessThan(0.1);
        expect(Math.abs(y - cy), `${key(every[i]!)} inset ${inset}`).toBeLessThan(0.1);
      });
    }
  });

  it("draws an inset polygon inside the hex, the same shape smaller", () => {
    const full = pathCentres(hexesPath([[20, 12]], 18))[0]!;
    const d = hexesPath([[20, 12]], 18, 2);
    const corner = d.slice(1).split("L")[0]!.split(" ").map(Number);
    const [cx, cy] = centre([20, 12], 18);
    expect(Math.hypot((corner[0] ?? 0) - cx, (corner[1] ?? 0) - cy)).toBeCloseTo(16, 0);
    const inset = pathCentres(d)[0]!;
    expect(inset[0]).toBeCloseTo(full[0], 0);
    expect(inset[1]).toBeCloseTo(full[1], 0);
  });

  it("picks the hex drawn at every centre and near every drawn corner of a large map", () => {
    for (const c of every) {
      const [x, y] = centre(c, 18);
      expect(normalize(oldWorld, pixelToHex(x, y, 18))).toEqual([c[0], c[1]]);
      // Just inside each corner of the terrain's drawn polygon (inset 0.6): still this hex.
      for (let i = 0; i < 6; i++) {
        const angle = (Math.PI / 180) * (60 * i - 30);
        const px = x + (18 - 0.6 - 1) * Math.cos(angle);
        const py = y + (18 - 0.6 - 1) * Math.sin(angle);
        expect(pixelToHex(px, py, 18), `${key(c)} corner ${i}`).toEqual([c[0], c[1]]);
      }
    }
  });

  it("puts (20, 12) where the click on its drawing lands (the issue's example)", () => {
    const [x, y] = pathCentres(hexesPath([[20, 12]], 18, 0.6))[0]!;
    expect(pixelToHex(x, y, 18)).toEqual([20, 12]);
    expect(toOffset([20, 12])[0]).toBeLessThan(oldWorld.width); // on the map: column 26 of 28
  });
});
