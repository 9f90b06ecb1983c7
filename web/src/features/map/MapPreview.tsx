// The lobby's look at the chosen map (issue 44, round 2): the whole map small, its terrain
// with the game map's patterns and its starting slots numbered (the "Starting slot" choice).
// A picture, not a tool: no pan, no zoom, no click.
import { memo } from "react";
import type { Schemas } from "../../api/client.ts";
import { fill, useI18n } from "../../i18n.tsx";
import { centre, hexesPath, mapSize, type Coord } from "../../lib/hex.ts";
import { patternId, TerrainPatterns, terrainOf, useSvgId, type TerrainName } from "./MapArt.tsx";

const HEX = 18;

interface Place {
  q: number;
  r: number;
}

/** The map document is free-form in the contract: read its tiles' terrain and its slots. */
export function previewOf(document: unknown): { tiles: (Place & { terrain: TerrainName })[]; slots: Place[] } {
  const doc = typeof document === "object" && document !== null ? (document as Record<string, unknown>) : {};
  const places = (list: unknown): (Place & Record<string, unknown>)[] =>
    Array.isArray(list)
      ? list.flatMap((item) => {
          if (typeof item !== "object" || item === null) return [];
          const { q, r } = item as Record<string, unknown>;
          return typeof q === "number" && typeof r === "number" ? [{ ...(item as Record<string, unknown>), q, r }] : [];
        })
      : [];
  return {
    tiles: places(doc["tiles"]).map((t) => ({ q: t.q, r: t.r, terrain: terrainOf(typeof t["terrain"] === "string" ? t["terrain"] : null) })),
    slots: places(doc["slots"]).map(({ q, r }) => ({ q, r })),
  };
}

export const MapPreview = memo(function MapPreview({ map }: { map: Schemas["MapRead"] }) {
  const { t } = useI18n();
  const prefix = useSvgId();
  const { tiles, slots } = previewOf(map.document);
  const [w, h] = mapSize({ width: map.width, height: map.height, wrap: "none" }, HEX);
  const groups = new Map<TerrainName, Coord[]>();
  for (const tile of tiles) groups.set(tile.terrain, [...(groups.get(tile.terrain) ?? []), [tile.q, tile.r]]);
  return (
    <svg className="map-preview" viewBox={`0 0 ${w.toFixed(0)} ${h.toFixed(0)}`} role="img" aria-label={fill(t("mapPreview"), { name: map.name, width: map.width, height: map.height })} data-testid="map-preview" data-tiles={tiles.length}>
      <TerrainPatterns prefix={prefix} scale={1.4} />
      {[...groups].map(([terrain, coords]) => (
        <path key={terrain} d={hexesPath(coords, HEX, 0.6)} fill={`url(#${patternId(prefix, terrain)})`} data-terrain={terrain} />
      ))}
      {slots.map((slot, i) => {
        const [x, y] = centre([slot.q, slot.r], HEX);
        return (
          <g key={i} className="preview-slot" transform={`translate(${x.toFixed(1)},${y.toFixed(1)})`} data-slot={i}>
            <circle r={11} />
            <text y={4.5} textAnchor="middle">
              {i}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
