// The whole map, small, under the big one (issue 44, round 2): the terrain's colours, the
// player's realm, and a rectangle for the part the big map shows. A click there moves the big
// map's view to that point. A pointer's shortcut only: the keyboard has the map's own keys
// ("0" the whole map, "H" the realm), so it stays out of the tab order and of the tree.
import { memo, type MouseEvent, type RefObject } from "react";
import type { Schemas } from "../../api/client.ts";
import { centre, hexesPath, mapSize, type Coord } from "../../lib/hex.ts";
import { playerColour, TERRAIN_COLOUR, terrainOf, UNEXPLORED } from "./MapArt.tsx";

const HEX = 18;

const MiniTiles = memo(function MiniTiles({ world }: { world: Schemas["WorldMap"] }) {
  const groups = new Map<string, Coord[]>();
  const owned = new Map<number, Coord[]>();
  for (const tile of world.tiles) {
    const fill = tile.fog === "unexplored" ? UNEXPLORED : TERRAIN_COLOUR[terrainOf(tile.terrain)];
    // Pushed, not spread into a new array per tile (that copied each group for every tile).
    const group = groups.get(fill) ?? [];
    group.push([tile.q, tile.r]);
    groups.set(fill, group);
    if (tile.owner) {
      const realm = owned.get(tile.owner) ?? [];
      realm.push([tile.q, tile.r]);
      owned.set(tile.owner, realm);
    }
  }
  return (
    <g>
      {[...groups].map(([fill, coords]) => (
        <path key={fill} d={hexesPath(coords, HEX)} fill={fill} />
      ))}
      {[...owned].map(([owner, coords]) => (
        <path key={`o${owner}`} d={hexesPath(coords, HEX, 5)} fill={playerColour(owner)} opacity={0.75} />
      ))}
    </g>
  );
});

export function Minimap({
  world,
  home,
  viewRef,
  onJump,
  label,
}: {
  world: Schemas["WorldMap"];
  home: Coord;
  viewRef: RefObject<SVGRectElement | null>;
  onJump: (point: readonly [number, number]) => void;
  label: string;
}) {
  const [w, h] = mapSize(world, HEX);
  const [hx, hy] = centre(home, HEX);
  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const matrix = e.currentTarget.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    onJump([p.x, p.y]);
  };
  return (
    <svg className="minimap" viewBox={`0 0 ${w.toFixed(0)} ${h.toFixed(0)}`} aria-hidden="true" onClick={onClick} data-testid="minimap">
      <title>{label}</title>
      <MiniTiles world={world} />
      <circle className="minimap-home" cx={hx} cy={hy} r={HEX * 0.9} />
      <rect ref={viewRef} className="minimap-view" x={0} y={0} width={w} height={h} />
    </svg>
  );
}
