// What the map's colours, patterns and shapes mean (issue 44, round 2), drawn with the very
// art of the map (src/components/MapArt.tsx): terrain, structures, borders, fog, armies.
import type { ReactNode } from "react";
import { useI18n, type Key } from "../../i18n.tsx";
import { corners } from "../../lib/hex.ts";
import { ArmyToken, patternId, playerColour, StructureShape, TerrainPatterns, TERRAINS, UNEXPLORED, useSvgId } from "./MapArt.tsx";

const HEX_POINTS = corners(0, 0, 11);
const NEUTRAL = "#6b6b6b";

function Swatch({ children }: { children: ReactNode }) {
  return (
    <svg className="swatch" viewBox="-13 -13 26 26" width="26" height="26" aria-hidden="true">
      {children}
    </svg>
  );
}

function Item({ swatch, label }: { swatch: ReactNode; label: string }) {
  return (
    <li>
      <Swatch>{swatch}</Swatch> {label}
    </li>
  );
}

export function MapLegend({ id }: { id: string }) {
  const { t } = useI18n();
  const prefix = useSvgId();
  const fill = (terrain: (typeof TERRAINS)[number]) => `url(#${patternId(prefix, terrain)})`;
  const group = (title: Key, items: ReactNode) => (
    <div className="legend-group">
      <h3>{t(title)}</h3>
      <ul>{items}</ul>
    </div>
  );
  return (
    <section className="map-legend" id={id} aria-label={t("mapLegend")} data-testid="map-legend">
      <svg className="legend-defs" width="0" height="0" aria-hidden="true">
        <TerrainPatterns prefix={prefix} scale={0.6} />
      </svg>
      {group(
        "terrain",
        TERRAINS.map((terrain) => <Item key={terrain} swatch={<polygon points={HEX_POINTS} fill={fill(terrain)} className="legend-tile" />} label={t(`terrain_${terrain}`)} />),
      )}
      {group(
        "legendStructures",
        <>
          {(["city", "port", "outpost"] as const).map((kind) => (
            <Item
              key={kind}
              swatch={
                <g className={`structure ${kind}`} transform="translate(0,4)">
                  <StructureShape kind={kind} />
                </g>
              }
              label={t(`structure_${kind}`)}
            />
          ))}
          <Item
            swatch={
              <g className="structure city" transform="translate(0,4)">
                <StructureShape kind="city" />
                <text y={-1} textAnchor="middle" className="glyph">
                  ★
                </text>
              </g>
            }
            label={t("capital")}
          />
        </>,
      )}
      {group(
        "legendFog",
        <>
          <Item swatch={<polygon points={HEX_POINTS} fill={fill("plain")} className="legend-tile" />} label={t("visible")} />
          <Item swatch={<polygon points={HEX_POINTS} fill={fill("plain")} className="legend-tile explored" />} label={t("explored")} />
          <Item swatch={<polygon points={HEX_POINTS} fill={UNEXPLORED} className="legend-tile" />} label={t("unexplored")} />
          <Item swatch={<polygon points={corners(0, 0, 10)} className="legend-border" stroke={playerColour(2)} />} label={t("legendBorder")} />
        </>,
      )}
      {group(
        "armies",
        <>
          <Item swatch={<ArmyToken side="own" colour={NEUTRAL} tier={1} count={1} selected={false} />} label={t("legendOwn")} />
          <Item swatch={<ArmyToken side="allied" colour={NEUTRAL} tier={1} count={1} selected={false} />} label={t("legendAllied")} />
          <Item swatch={<ArmyToken side="enemy" colour={NEUTRAL} tier={1} count={1} selected={false} />} label={t("legendEnemy")} />
          <Item swatch={<ArmyToken side="own" colour={NEUTRAL} tier={2} count={3} selected={false} />} label={t("legendStack")} />
          <Item swatch={<ArmyToken side="own" colour={NEUTRAL} tier={1} count={1} selected />} label={t("legendSelected")} />
          <Item
            swatch={
              <text className="legend-battle" y={6} textAnchor="middle">
                ⚔
              </text>
            }
            label={t("legendBattle")}
          />
        </>,
      )}
    </section>
  );
}
