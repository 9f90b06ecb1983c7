// The SVG hex map under fog. The tiles are drawn once per map (memoized on the data); pan and
// zoom only change one group's transform, written straight to the DOM in an animation frame,
// so a 64×64 map stays smooth. Overlays (reachable tiles, the path, the selection) are drawn
// apart from the tiles.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from "react";
import type { Schemas } from "../api/client.ts";
import { useI18n } from "../i18n.tsx";
import { centre, corners, fromOffset, hexesPath, key, mapSize, normalize, pathPoints, pixelToHex, toOffset, type Coord, type Reach } from "../lib/hex.ts";

// One geometry for every layer (issue 44): hexes of circumradius HEX are placed by `centre` and
// picked by `pixelToHex`; a layer draws its polygon smaller by an inset, never placed elsewhere.
export const HEX = 18;
/** The terrain's polygons stop this many pixels inside the hex (a thin gap between tiles). */
const TILE_INSET = 0.6;
/** An owner's border is drawn this many pixels inside the hex. */
const BORDER_INSET = 2;

const TERRAIN: Record<string, string> = {
  plain: "#b9cf86",
  forest: "#5f8f4e",
  mountain: "#9a8f85",
  marsh: "#7d9c8c",
  desert: "#e0cd8f",
  coast: "#cfd9a0",
  oasis: "#9fd28a",
  city: "#c9b48a",
  port: "#b8c7a8",
  sea: "#6f9fd0",
};
const PLAYER = ["#c0392b", "#2c6fbb", "#d68910", "#7d3c98", "#17a589", "#a04000", "#1c2833", "#b03a8a", "#5d6d7e", "#239b56", "#cb4335", "#2e86c1", "#f1c40f", "#6c3483", "#117864", "#784212", "#34495e"];
export const playerColour = (n: number): string => PLAYER[(n - 1) % PLAYER.length] ?? "#000";

interface Props {
  world: Schemas["WorldMap"];
  battles: readonly { q: number; r: number; id: number }[];
  selected: Coord | null;
  army: { q: number; r: number } | null;
  reachable: readonly Reach[];
  path: readonly Coord[] | null;
  onSelect: (c: Coord) => void;
  label: string;
}

/** The terrain under fog: one path per colour and per owner's border (a few elements, not
 * one per tile), so that a 64×64 map is drawn and panned cheaply. */
const Tiles = memo(function Tiles({ world }: { world: Schemas["WorldMap"] }) {
  const groups = new Map<string, Coord[]>();
  const borders = new Map<number, Coord[]>();
  for (const tile of world.tiles) {
    const fill = tile.fog === "unexplored" ? "#2b2b2b" : (TERRAIN[tile.terrain ?? "plain"] ?? "#ccc");
    const group = `${tile.fog}|${fill}`;
    const list = groups.get(group) ?? [];
    list.push([tile.q, tile.r]);
    groups.set(group, list);
    if (tile.owner) {
      const owned = borders.get(tile.owner) ?? [];
      owned.push([tile.q, tile.r]);
      borders.set(tile.owner, owned);
    }
  }
  return (
    <g className="tiles">
      <defs>
        <polygon id="hex" points={corners(0, 0, HEX - TILE_INSET)} />
      </defs>
      {[...groups].map(([group, coords]) => {
        const [fog, fill] = group.split("|");
        // data-coords: the hexes of `d`, in order (the end-to-end tests click each one).
        return (
          <path key={group} d={hexesPath(coords, HEX, TILE_INSET)} fill={fill} className={`tile ${fog}`} data-fog={fog} data-count={coords.length} data-coords={coords.map(key).join(" ")} />
        );
      })}
      {[...borders].map(([owner, coords]) => (
        <path key={`o${owner}`} d={hexesPath(coords, HEX, BORDER_INSET)} className="border" stroke={playerColour(owner)} data-owner-border={owner} data-coords={coords.map(key).join(" ")} />
      ))}
    </g>
  );
});

/** Structures, armies with their tiers, ships and storms, above the terrain and the highlights. */
const Contents = memo(function Contents({ world }: { world: Schemas["WorldMap"] }) {
  return (
    <g className="contents-layer">
      {world.tiles.map((tile) => {
        if (!tile.structure && !tile.armies?.length && !tile.ships?.length) return null;
        const [x, y] = centre([tile.q, tile.r], HEX);
        const s = tile.structure;
        return (
          <g key={`c${key([tile.q, tile.r])}`} transform={`translate(${x.toFixed(1)},${y.toFixed(1)})`} className="contents" data-tile={`${tile.q},${tile.r}`}>
            {s ? (
              <g className={`structure ${s.kind}`} data-structure={s.kind}>
                {s.kind === "city" ? <rect x={-7} y={-9} width={14} height={10} /> : s.kind === "port" ? <circle cy={-4} r={5} /> : <polygon points="-6,0 0,-10 6,0" />}
                <text y={-1} textAnchor="middle" className="glyph">
                  {"capital" in s && s.capital ? "★" : (s.level ?? "")}
                </text>
              </g>
            ) : null}
            {tile.armies?.map((a, i) => (
              <g key={a.id} className="army" data-army-id={a.id} data-owner={a.owner} data-tier={a.tier} transform={`translate(${-6 + i * 6},${4})`}>
                <rect x={-5} y={-4} width={10} height={9} rx={2} fill={playerColour(a.owner)} />
                <text y={3.5} textAnchor="middle" className="tier">
                  {a.tier}
                </text>
              </g>
            ))}
            {tile.ships?.map((ship, i) => (
              <text key={ship.id} className="ship" data-ship-id={ship.id} x={8} y={-2 + i * 6} fill={playerColour(ship.owner)}>
                ⛵
              </text>
            ))}
          </g>
        );
      })}
      {(world.storms ?? []).map((storm, i) => (
        <path key={`s${i}`} d={hexesPath(storm.tiles.map((t) => [t.q, t.r] as const), HEX, TILE_INSET)} className="storm" data-storm={storm.tiles.length} />
      ))}
    </g>
  );
});

export function HexMap({ world, battles, selected, army, reachable, path, onSelect, label }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const view = useRef({ x: 0, y: 0, k: 1 });
  const frame = useRef(0);
  const drag = useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const [width, height] = mapSize(world, HEX);
  const { t } = useI18n();
  // The keyboard's hex: Shift+arrows go from hex to hex, Enter opens it (as a click would). It
  // starts on the selection, else the selected army, else the middle of the map.
  const [cursor, setCursor] = useState<Coord | null>(null);
  useEffect(() => {
    if (selected) setCursor(selected);
  }, [selected?.[0], selected?.[1]]);

  const apply = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const { x, y, k } = view.current;
      groupRef.current?.setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k.toFixed(3)})`);
    });
  }, []);
  const zoom = useCallback(
    (factor: number, cx?: number, cy?: number) => {
      const v = view.current;
      const box = svgRef.current?.getBoundingClientRect();
      const px = cx ?? (box ? box.width / 2 : 0);
      const py = cy ?? (box ? box.height / 2 : 0);
      const k = Math.min(6, Math.max(0.25, v.k * factor));
      v.x = px - ((px - v.x) * k) / v.k;
      v.y = py - ((py - v.y) * k) / v.k;
      v.k = k;
      apply();
    },
    [apply],
  );
  const reset = useCallback(() => {
    view.current = { x: 0, y: 0, k: 1 };
    apply();
  }, [apply]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Performance marks for scripts/web_budgets: the first render of this map's tiles.
  useMemo(() => performance.mark("map-render-start"), [world]);
  useLayoutEffect(() => {
    performance.mark("map-render-end");
    performance.measure("map-render", "map-render-start", "map-render-end");
  }, [world]);

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) svgRef.current?.setPointerCapture(d.id);
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    view.current.x += dx;
    view.current.y += dy;
    apply();
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) return;
    const target = (e.target as Element).closest("[data-q]");
    const q = target?.getAttribute("data-q");
    const r = target?.getAttribute("data-r");
    if (q != null && r != null) {
      onSelect([Number(q), Number(r)]);
      return;
    }
    // Terrain is drawn in batches: find the hex under the pointer from its map coordinates.
    const matrix = groupRef.current?.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const hex = normalize(world, pixelToHex(point.x, point.y, HEX));
    if (hex) onSelect(hex);
  };
  const onWheel = (e: WheelEvent<SVGSVGElement>) => {
    const box = svgRef.current?.getBoundingClientRect();
    zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, box ? e.clientX - box.left : undefined, box ? e.clientY - box.top : undefined);
  };
  /** Pan just enough for hex `c` to be in the frame. From the view itself, not the group's
   * transform on the page, which is written a frame later (keys repeat faster than that). */
  const reveal = (c: Coord) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return;
    const box = svg.getBoundingClientRect();
    const { x: vx, y: vy, k } = view.current;
    const [x, y] = centre(c, HEX);
    const p = new DOMPoint(vx + k * x, vy + k * y).matrixTransform(matrix);
    const margin = 2 * HEX * matrix.a * k;
    const dx = p.x < box.left + margin ? box.left + margin - p.x : p.x > box.right - margin ? box.right - margin - p.x : 0;
    const dy = p.y < box.top + margin ? box.top + margin - p.y : p.y > box.bottom - margin ? box.bottom - margin - p.y : 0;
    if (dx || dy) {
      view.current.x += dx / matrix.a;
      view.current.y += dy / matrix.d;
      apply();
    }
  };
  const moveCursor = (arrow: string) => {
    const from = cursor ?? selected ?? (army ? ([army.q, army.r] as const) : fromOffset(Math.floor(world.width / 2), Math.floor(world.height / 2)));
    const [col, row] = toOffset(from);
    const step: Record<string, Coord> = {
      ArrowLeft: [from[0] - 1, from[1]],
      ArrowRight: [from[0] + 1, from[1]],
      ArrowUp: fromOffset(col, row - 1),
      ArrowDown: fromOffset(col, row + 1),
    };
    const target = step[arrow];
    const next = cursor === null ? from : target ? normalize(world, target) : null;
    if (!next) return;
    setCursor(next);
    reveal(next);
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    if (e.shiftKey && e.key.startsWith("Arrow")) {
      moveCursor(e.key);
      e.preventDefault();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && cursor) {
      onSelect(cursor);
      e.preventDefault();
      return;
    }
    const step = 40;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[e.key];
    if (move) {
      view.current.x += move[0];
      view.current.y += move[1];
      apply();
      e.preventDefault();
    } else if (e.key === "+" || e.key === "=") zoom(1.2);
    else if (e.key === "-") zoom(1 / 1.2);
    else if (e.key === "0") reset();
  };

  const reachSet = useMemo(() => reachable, [reachable]);
  return (
    <div className="map-wrap">
      <div className="map-tools">
        <button type="button" onClick={() => zoom(1.25)} aria-label="+">
          +
        </button>
        <button type="button" onClick={() => zoom(0.8)} aria-label="−">
          −
        </button>
        <button type="button" onClick={reset} aria-label="⟲">
          ⟲
        </button>
      </div>
      <svg
        ref={svgRef}
        className="map"
        role="application"
        aria-label={label}
        tabIndex={0}
        viewBox={`0 0 ${Math.min(width, 900).toFixed(0)} ${Math.min(height, 640).toFixed(0)}`}
        preserveAspectRatio="xMinYMin meet"
        data-turn={world.turn}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        <g ref={groupRef}>
          <Tiles world={world} />
          <g className="reach-layer">
            {reachSet.map((t) => {
              const [x, y] = centre([t.q, t.r], HEX);
              return (
                <g key={`r${t.q},${t.r}`} className="reach" data-reach={`${t.q},${t.r}`}>
                  <use href="#hex" x={x} y={y} data-q={t.q} data-r={t.r} />
                </g>
              );
            })}
          </g>
          <Contents world={world} />
          <g className="overlay">
            {reachSet.map((t) => {
              const [x, y] = centre([t.q, t.r], HEX);
              return (
                <text key={`c${t.q},${t.r}`} x={x} y={y + 13} textAnchor="middle" className="cost">
                  {t.cost}
                </text>
              );
            })}
            {battles.map((b) => {
              const [x, y] = centre([b.q, b.r], HEX);
              return (
                <text key={`b${b.id}`} x={x} y={y - 6} textAnchor="middle" className="battle" data-battle-id={b.id}>
                  ⚔
                </text>
              );
            })}
            {army && path ? <polyline className="path" points={pathPoints([army.q, army.r], path, HEX)} /> : null}
            {/* The keyboard's hex, where it is not the selection's already. */}
            {cursor && (!selected || key(cursor) !== key(selected)) ? (
              <use href="#hex" x={centre(cursor, HEX)[0]} y={centre(cursor, HEX)[1]} className="cursor" data-cursor={key(cursor)} />
            ) : null}
            {selected ? (
              <use href="#hex" x={centre(selected, HEX)[0]} y={centre(selected, HEX)[1]} className="selected" data-selected={key(selected)} />
            ) : null}
          </g>
        </g>
      </svg>
      <p className="sr-only" role="status" data-testid="map-cursor">
        {cursor ? `${t("tile")} (${cursor[0]}, ${cursor[1]})` : ""}
      </p>
    </div>
  );
}
