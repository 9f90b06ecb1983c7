// The SVG hex map under fog. The tiles are drawn once per map (memoized on the data); pan and
// zoom only change one group's CSS transform, written straight to the DOM in an animation
// frame; the group is a composited layer, so a pan moves its raster without drawing the 64×64
// map again (issue 44's 16 ms per frame). Overlays (reachable tiles, the path, the selection)
// are drawn apart from the tiles. The SVG has no viewBox: one map unit at scale 1 is one CSS
// pixel, so the view (src/lib/viewport.ts) says how big a hex is on the screen. It opens on the
// player's realm with hexes a finger can tap (issue 44, round 2).
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { Schemas } from "../../api/client.ts";
import { useI18n } from "../../i18n.tsx";
import { centre, corners, fromOffset, hexesPath, key, normalize, pathPoints, pixelToHex, toOffset, type Coord, type Reach } from "../../lib/hex.ts";
import { boundPan, centreOn, fitAll, openingView, realmHome, showPoints, visibleRect, zoomAt, zoomBounds, type Frame, type View } from "../../lib/viewport.ts";
import { ArmyToken, patternId, playerColour, StructureShape, TerrainPatterns, terrainOf, UNEXPLORED, useSvgId, type Side } from "./MapArt.tsx";
import { MapLegend } from "./MapLegend.tsx";
import { Minimap } from "./Minimap.tsx";

export { playerColour } from "./MapArt.tsx";

// One geometry for every layer (issue 44): hexes of circumradius HEX are placed by `centre` and
// picked by `pixelToHex`; a layer draws its polygon smaller by an inset, never placed elsewhere.
export const HEX = 18;
/** The terrain's polygons stop this many pixels inside the hex (a thin gap between tiles). */
const TILE_INSET = 0.6;
/** An owner's border is drawn this many pixels inside the hex. */
const BORDER_INSET = 2;

interface Props {
  world: Schemas["WorldMap"];
  battles: readonly { q: number; r: number; id: number }[];
  selected: Coord | null;
  army: { id?: number; q: number; r: number } | null;
  reachable: readonly Reach[];
  path: readonly Coord[] | null;
  onSelect: (c: Coord) => void;
  label: string;
  /** The viewer's player number: their realm is where the map opens; their armies are "own". */
  me?: number | null;
  /** Other players' armies: owner → hostile (from GET …/armies); the rest are allied. */
  hostile?: ReadonlyMap<number, boolean>;
}

/** The terrain under fog: one path per terrain pattern and per owner's border (a few
 * elements, not one per tile), so that a 64×64 map is drawn and panned cheaply. */
const Tiles = memo(function Tiles({ world, prefix }: { world: Schemas["WorldMap"]; prefix: string }) {
  const groups = new Map<string, Coord[]>();
  const borders = new Map<number, Coord[]>();
  for (const tile of world.tiles) {
    const group = `${tile.fog}|${tile.fog === "unexplored" ? "" : terrainOf(tile.terrain)}`;
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
        <polygon id={`${prefix}-hex`} points={corners(0, 0, HEX - TILE_INSET)} />
      </defs>
      {[...groups].map(([group, coords]) => {
        const [fog = "", terrain = ""] = group.split("|");
        const fill = terrain ? `url(#${patternId(prefix, terrainOf(terrain))})` : UNEXPLORED;
        // data-coords: the hexes of `d`, in order (the end-to-end tests click each one).
        return (
          <path
            key={group}
            d={hexesPath(coords, HEX, TILE_INSET)}
            fill={fill}
            className={`tile ${fog}`}
            data-fog={fog}
            data-terrain={terrain || undefined}
            data-count={coords.length}
            data-coords={coords.map(key).join(" ")}
          />
        );
      })}
      {[...borders].map(([owner, coords]) => (
        <path key={`o${owner}`} d={hexesPath(coords, HEX, BORDER_INSET)} className="border" stroke={playerColour(owner)} data-owner-border={owner} data-coords={coords.map(key).join(" ")} />
      ))}
    </g>
  );
});

type TileArmy = NonNullable<Schemas["WorldTile"]["armies"]>[number];

/** Structures, army tokens, ships and storms, above the terrain and the highlights. The armies
 * of one owner on one hex are one token (the highest tier, a badge with their count); each
 * army keeps an empty `g.army` marker with its id, for the tests and the tools. */
const Contents = memo(function Contents({ world, me, hostile, chosen }: { world: Schemas["WorldMap"]; me: number | null; hostile: ReadonlyMap<number, boolean> | undefined; chosen: number | null }) {
  const sideOf = (owner: number): Side => (me === null ? "other" : owner === me ? "own" : hostile?.get(owner) === false ? "allied" : "enemy");
  return (
    <g className="contents-layer">
      {world.tiles.map((tile) => {
        if (!tile.structure && !tile.armies?.length && !tile.ships?.length) return null;
        const [x, y] = centre([tile.q, tile.r], HEX);
        const s = tile.structure;
        const stacks = new Map<number, TileArmy[]>();
        for (const a of tile.armies ?? []) stacks.set(a.owner, [...(stacks.get(a.owner) ?? []), a]);
        const count = stacks.size;
        return (
          <g key={`c${key([tile.q, tile.r])}`} transform={`translate(${x.toFixed(1)},${y.toFixed(1)})`} className="contents" data-tile={`${tile.q},${tile.r}`}>
            {s ? (
              <g className={`structure ${s.kind}`} data-structure={s.kind} transform={tile.armies?.length ? "translate(0,-4)" : undefined}>
                <StructureShape kind={s.kind} />
                <text y={-1} textAnchor="middle" className="glyph">
                  {"capital" in s && s.capital ? "★" : (s.level ?? "")}
                </text>
              </g>
            ) : null}
            {[...stacks].map(([owner, armies], i) => {
              const side = sideOf(owner);
              const dx = count === 1 ? 0 : (i - (count - 1) / 2) * 14;
              return (
                <g key={`a${owner}`} className={`stack ${side}`} data-owner={owner} data-side={side} data-count={armies.length} transform={`translate(${dx},${s ? 7 : 0})`}>
                  <g className="token-body">
                    <ArmyToken side={side} colour={playerColour(owner)} tier={Math.max(...armies.map((a) => a.tier))} count={armies.length} selected={chosen !== null && armies.some((a) => a.id === chosen)} />
                  </g>
                  {armies.map((a) => (
                    <g key={a.id} className="army" data-army-id={a.id} data-owner={a.owner} data-tier={a.tier} />
                  ))}
                </g>
              );
            })}
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

/** A zoom has settled (the wheel, a pinch, the buttons) when the scale stays this long. */
const ZOOM_SETTLES_MS = 150;

/** Tokens keep a readable size zoomed out: they shrink with the map down to this scale only. */
const tokenScale = (k: number): number => Math.min(1.8, Math.max(1, 1 / k));

export function HexMap({ world, battles, selected, army, reachable, path, onSelect, label, me = null, hostile }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const miniRef = useRef<SVGRectElement>(null);
  const view = useRef<View>({ x: 0, y: 0, k: 1 });
  const frameSize = useRef<Frame>({ width: 0, height: 0 });
  const placed = useRef(false);
  const frame = useRef(0);
  const sharpen = useRef(0);
  const drag = useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; x: number; y: number } | null>(null);
  // The hex this map itself opened last (a click, Enter): any other selection came from
  // outside (the "go to" form, a list), and the map brings it into the frame.
  const ownSelection = useRef<string | null>(null);
  const prefix = useSvgId();
  const legendId = `${prefix}-legend`;
  const [legend, setLegend] = useState(false);
  const { t } = useI18n();
  const home = useMemo(() => realmHome(world, me), [world, me]);
  // The keyboard's hex: Shift+arrows go from hex to hex, Enter opens it (as a click would). It
  // starts on the selection, else the selected army, else the player's realm.
  const [cursor, setCursor] = useState<Coord | null>(null);

  const measure = useCallback((): Frame => {
    const box = svgRef.current?.getBoundingClientRect();
    if (box) frameSize.current = { width: box.width, height: box.height };
    return frameSize.current;
  }, []);
  // The map's size for `apply`, which every move goes through (a stable callback).
  const grid = useRef({ width: world.width, height: world.height, wrap: world.wrap });
  useLayoutEffect(() => {
    grid.current = { width: world.width, height: world.height, wrap: world.wrap };
  }, [world.width, world.height, world.wrap]);
  // Whether the view is still the one the map opened on (nothing but a resize has moved it).
  const opening = useRef(true);
  const apply = useCallback((placing = false) => {
    if (!placing) opening.current = false;
    // However it moved (a drag, a key, a pinch, a zoom), some of the map stays in the frame.
    view.current = boundPan(view.current, grid.current, HEX, frameSize.current);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const v = view.current;
      const group = groupRef.current;
      // A CSS transform on a group with `will-change: transform` (styles.css) is a composited
      // layer: a pan only moves the layer's cached raster (issue 44's 16 ms per frame), where
      // the `transform` attribute re-rasterised all 4,096 hexes each frame. The CSS transform
      // is the group's transform for getScreenCTM and hit-testing too: one geometry.
      if (group) group.style.transform = `translate(${v.x.toFixed(1)}px,${v.y.toFixed(1)}px) scale(${v.k.toFixed(3)})`;
      const k = v.k.toFixed(3);
      if (svgRef.current?.getAttribute("data-scale") !== k) {
        svgRef.current?.style.setProperty("--token-scale", tokenScale(v.k).toFixed(3));
        svgRef.current?.setAttribute("data-scale", k);
        // A zoom scales the layer's raster (blurred while a pinch or the wheel goes on); once
        // it settles, the layer is dropped for a frame and drawn again, sharp, at the new scale.
        window.clearTimeout(sharpen.current);
        sharpen.current = window.setTimeout(() => {
          const g = groupRef.current;
          if (!g) return;
          g.style.willChange = "auto";
          requestAnimationFrame(() => g.style.removeProperty("will-change"));
        }, ZOOM_SETTLES_MS);
      }
      const rect = visibleRect(v, frameSize.current);
      const mini = miniRef.current;
      if (mini) {
        mini.setAttribute("x", rect.x.toFixed(1));
        mini.setAttribute("y", rect.y.toFixed(1));
        mini.setAttribute("width", rect.width.toFixed(1));
        mini.setAttribute("height", rect.height.toFixed(1));
      }
    });
  }, []);
  const bounds = useCallback(() => zoomBounds(world, HEX, frameSize.current), [world]);
  const zoom = useCallback(
    (factor: number, cx?: number, cy?: number) => {
      const f = measure();
      view.current = zoomAt(view.current, factor, cx ?? f.width / 2, cy ?? f.height / 2, bounds());
      apply();
    },
    [apply, bounds, measure],
  );
  const goHome = useCallback(() => {
    view.current = openingView(world, HEX, measure(), home);
    apply();
  }, [apply, measure, home, world]);
  const whole = useCallback(() => {
    view.current = fitAll(world, HEX, measure());
    apply();
  }, [apply, measure, world]);
  /** The map's point (its units) in the middle of the frame, at the same zoom (the minimap). */
  const jump = useCallback(
    (point: readonly [number, number]) => {
      view.current = centreOn(point, measure(), view.current.k);
      apply();
    },
    [apply, measure],
  );

  // Open on the realm once the frame has a size. A resize opens it again while the player has
  // not moved it (the page laid out late: the spectator's map opened in a corner, issue 44),
  // else keeps the middle of the view. A frame hidden for a moment (0×0) is no size: measured
  // as the last one, its return shifted the view by half the frame.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const place = () => {
      const box = svg.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const before = frameSize.current;
      const now = measure();
      if (!placed.current || opening.current) {
        placed.current = true;
        view.current = openingView(world, HEX, now, home);
      } else {
        view.current = { ...view.current, x: view.current.x + (now.width - before.width) / 2, y: view.current.y + (now.height - before.height) / 2 };
      }
      apply(true);
    };
    place();
    if (typeof ResizeObserver === "undefined") return; // (jsdom, in the unit tests)
    const observer = new ResizeObserver(place);
    observer.observe(svg);
    return () => observer.disconnect();
    // Once per map component: a new turn's data keeps the player's view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      window.clearTimeout(sharpen.current);
    },
    [],
  );

  // The wheel zooms the map, not the page (React's wheel listener is passive: no preventDefault).
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      e.preventDefault();
      const box = svg.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - box.left, e.clientY - box.top);
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    return () => svg.removeEventListener("wheel", onWheel);
  }, [zoom]);

  // Performance marks for scripts/web_budgets: the first render of this map's tiles.
  // (A memo, not an effect: the mark is taken during the render, before the tiles are drawn.)
  // eslint-disable-next-line react-hooks/void-use-memo, react-hooks/exhaustive-deps
  useMemo(() => performance.mark("map-render-start"), [world]);
  useLayoutEffect(() => {
    performance.mark("map-render-end");
    performance.measure("map-render", "map-render-start", "map-render-end");
  }, [world]);

  /** Pan just enough for hex `c` to be in the frame, from the view itself (the group's
   * transform on the page is written a frame later, and keys repeat faster than that). */
  const reveal = useCallback(
    (c: Coord) => {
      const f = measure();
      const { x: vx, y: vy, k } = view.current;
      const [x, y] = centre(c, HEX);
      const px = vx + k * x;
      const py = vy + k * y;
      const margin = Math.min(2 * HEX * k, f.width / 3, f.height / 3);
      const dx = px < margin ? margin - px : px > f.width - margin ? f.width - margin - px : 0;
      const dy = py < margin ? margin - py : py > f.height - margin ? f.height - margin - py : 0;
      if (dx || dy) {
        view.current = { ...view.current, x: vx + dx, y: vy + dy };
        apply();
      }
    },
    [apply, measure],
  );
  useEffect(() => {
    if (!selected) return;
    // The keyboard's cursor follows a selection made elsewhere (the armies list, a search).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCursor(selected);
    const hex = normalize(world, selected);
    if (hex && key(selected) !== ownSelection.current) reveal(hex);
    // Only a new selection moves the view (a new turn's data does not).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected?.[0], selected?.[1]]);
  // The army chosen in the list: its token is brought into the frame.
  useEffect(() => {
    if (army) reveal([army.q, army.r]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only another army moves the view
  }, [army?.id]);

  // "Select to move": the reachable hexes (and the army) brought into the frame once per army,
  // and the map itself onto the screen when the panel (under it, on a phone) was scrolled to.
  const shownFor = useRef<number | null>(null);
  useEffect(() => {
    if (!army || reachable.length === 0) {
      if (!army) shownFor.current = null;
      return;
    }
    const id = army.id ?? -1;
    if (shownFor.current === id) return;
    shownFor.current = id;
    const f = measure();
    const points = [centre([army.q, army.r], HEX), ...reachable.map((r) => centre([r.q, r.r], HEX))];
    view.current = showPoints(view.current, points, f, Math.min(HEX * 1.5 * view.current.k, f.width / 4, f.height / 4), bounds());
    apply();
    const box = svgRef.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > window.innerHeight)) svgRef.current?.scrollIntoView?.({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per army and its reach, not per render
  }, [army?.id, reachable]);

  const select = (c: Coord) => {
    ownSelection.current = key(c);
    onSelect(c);
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      // Two fingers: a pinch (never a click), around the point between them.
      const [a, b] = [...pointers.current.values()];
      if (a && b) pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      for (const id of pointers.current.keys()) svgRef.current?.setPointerCapture(id);
      if (drag.current) drag.current.moved = true;
      return;
    }
    drag.current = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const p = pinch.current;
    if (p && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      const box = svgRef.current?.getBoundingClientRect();
      const zoomed = zoomAt(view.current, p.distance > 0 ? distance / p.distance : 1, mx - (box?.left ?? 0), my - (box?.top ?? 0), bounds());
      view.current = { ...zoomed, x: zoomed.x + mx - p.x, y: zoomed.y + my - p.y };
      pinch.current = { distance, x: mx, y: my };
      apply();
      return;
    }
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) svgRef.current?.setPointerCapture(d.id);
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    view.current = { ...view.current, x: view.current.x + dx, y: view.current.y + dy };
    apply();
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pinch.current) {
      if (pointers.current.size < 2) pinch.current = null;
      if (pointers.current.size === 0) drag.current = null;
      return;
    }
    const d = drag.current;
    drag.current = null;
    if (d?.moved || pointers.current.size > 0) return;
    const target = (e.target as Element).closest("[data-q]");
    const q = target?.getAttribute("data-q");
    const r = target?.getAttribute("data-r");
    if (q != null && r != null) {
      select([Number(q), Number(r)]);
      return;
    }
    // Terrain is drawn in batches: find the hex under the pointer from its map coordinates.
    const matrix = groupRef.current?.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const hex = normalize(world, pixelToHex(point.x, point.y, HEX));
    if (hex) select(hex);
  };
  const moveCursor = (arrow: string) => {
    const from = cursor ?? selected ?? (army ? ([army.q, army.r] as const) : home ?? fromOffset(Math.floor(world.width / 2), Math.floor(world.height / 2)));
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
      select(cursor);
      e.preventDefault();
      return;
    }
    const step = 40;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[e.key];
    if (move) {
      view.current = { ...view.current, x: view.current.x + move[0], y: view.current.y + move[1] };
      apply();
      e.preventDefault();
    } else if (e.key === "+" || e.key === "=") zoom(1.2);
    else if (e.key === "-") zoom(1 / 1.2);
    else if (e.key === "0") whole();
    else if (e.key === "h" || e.key === "H" || e.key === "Home") {
      goHome();
      e.preventDefault();
    }
  };

  const hexRef = `#${prefix}-hex`;
  return (
    <div className="map-wrap">
      {/* The zoom controls sit above the map, never over a tile (issue 44). */}
      <div className="map-tools">
        <button type="button" onClick={() => zoom(1.25)} aria-label={t("zoomIn")} title={t("zoomIn")}>
          +
        </button>
        <button type="button" onClick={() => zoom(0.8)} aria-label={t("zoomOut")} title={t("zoomOut")}>
          −
        </button>
        <button type="button" onClick={goHome} aria-label={t("mapHome")} title={t("mapHome")} data-testid="map-home">
          ⌂
        </button>
        <button type="button" onClick={whole} aria-label={t("mapWhole")} title={t("mapWhole")} data-testid="map-whole">
          ⤢
        </button>
      </div>
      <div className="map-frame">
        <svg
          ref={svgRef}
          className="map"
          role="application"
          aria-label={label}
          tabIndex={0}
          data-turn={world.turn}
          data-home={key(home)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={(e) => {
            pointers.current.delete(e.pointerId);
            pinch.current = null;
            drag.current = null;
          }}
          onKeyDown={onKeyDown}
        >
          <TerrainPatterns prefix={prefix} />
          <g ref={groupRef} className="view">
            <Tiles world={world} prefix={prefix} />
            <g className="reach-layer">
              {reachable.map((r) => {
                const [x, y] = centre([r.q, r.r], HEX);
                return (
                  <g key={`r${r.q},${r.r}`} className="reach" data-reach={`${r.q},${r.r}`}>
                    <use href={hexRef} x={x} y={y} data-q={r.q} data-r={r.r} />
                  </g>
                );
              })}
            </g>
            <Contents world={world} me={me} hostile={hostile} chosen={army?.id ?? null} />
            <g className="overlay">
              {reachable.map((r) => {
                const [x, y] = centre([r.q, r.r], HEX);
                return (
                  <text key={`c${r.q},${r.r}`} x={x} y={y + 13} textAnchor="middle" className="cost">
                    {r.cost}
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
                <use href={hexRef} x={centre(cursor, HEX)[0]} y={centre(cursor, HEX)[1]} className="cursor" data-cursor={key(cursor)} />
              ) : null}
              {selected ? <use href={hexRef} x={centre(selected, HEX)[0]} y={centre(selected, HEX)[1]} className="selected" data-selected={key(selected)} /> : null}
            </g>
          </g>
        </svg>
      </div>
      <div className="map-below">
        <Minimap world={world} home={home} viewRef={miniRef} onJump={jump} label={t("minimapLabel")} />
        <div className="map-legend-box">
          <button type="button" aria-expanded={legend} aria-controls={legendId} onClick={() => setLegend(!legend)} data-testid="legend-toggle">
            {legend ? t("hideLegend") : t("showLegend")}
          </button>
          {legend ? <MapLegend id={legendId} /> : null}
        </div>
      </div>
      <p className="sr-only" role="status" data-testid="map-cursor">
        {cursor ? `${t("tile")} (${cursor[0]}, ${cursor[1]})` : ""}
      </p>
    </div>
  );
}
