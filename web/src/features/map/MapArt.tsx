// What the map draws, shared by the map, its legend, its minimap and the lobby's preview
// (issue 44, round 2): terrain colours AND patterns (a colour-blind player, or a print in grey,
// tells a forest from a marsh by its marks), the structures' shapes, the army tokens (the side
// by shape: own circle, allied square, enemy diamond; the owner by colour).
import { useId, type ReactNode } from "react";

/** An id usable in `url(#…)` and `href="#…"` (React's ids hold characters a URL fragment may not). */
export function useSvgId(): string {
  return `m${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
}

export const TERRAINS = ["plain", "forest", "mountain", "marsh", "desert", "coast", "oasis", "city", "port", "sea"] as const;
export type TerrainName = (typeof TERRAINS)[number];

export const TERRAIN_COLOUR: Record<TerrainName, string> = {
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
export const UNEXPLORED = "#2b2b2b";

const PLAYER = ["#c0392b", "#2c6fbb", "#d68910", "#7d3c98", "#17a589", "#a04000", "#1c2833", "#b03a8a", "#5d6d7e", "#239b56", "#cb4335", "#2e86c1", "#f1c40f", "#6c3483", "#117864", "#784212", "#34495e"];
export const playerColour = (n: number): string => PLAYER[(n - 1) % PLAYER.length] ?? "#000";

export const terrainOf = (name: string | null | undefined): TerrainName => (TERRAINS as readonly string[]).includes(name ?? "") ? (name as TerrainName) : "plain";

/** A pattern's id in one SVG (each SVG has its own defs: ids never clash between two maps). */
export const patternId = (prefix: string, terrain: TerrainName): string => `${prefix}-t-${terrain}`;

/** The marks drawn over each terrain's colour, in a 10×10 tile of map units. */
const MARKS: Record<TerrainName, ReactNode> = {
  plain: <path d="M2 8l1-2.2 1 2.2M7 3.5l1-2.2 1 2.2" stroke="#6d8a3c" strokeWidth="0.7" fill="none" />,
  forest: <path d="M2.5 1l2.6 4.4h-5.2zM7.5 5.5l2.6 4.4h-5.2z" fill="#2f5a27" />,
  mountain: <path d="M0.5 8.5l3-4.5 3 4.5M5 4.5l2.5-3.5 2.5 3.5" stroke="#4d443c" strokeWidth="0.9" fill="none" />,
  marsh: <path d="M1 3h4M5.5 8h4M0.5 6h1.5" stroke="#2e5a4f" strokeWidth="0.8" fill="none" />,
  desert: (
    <g fill="#9b7d3a">
      <circle cx="2" cy="2" r="0.6" />
      <circle cx="7" cy="4" r="0.6" />
      <circle cx="4" cy="8" r="0.6" />
    </g>
  ),
  coast: <path d="M0 10L10 0M-2 2l4-4M8 12l4-4" stroke="#8ea257" strokeWidth="0.7" />,
  oasis: <circle cx="5" cy="5" r="1.8" fill="#3f8fc4" stroke="#2d6a2a" strokeWidth="0.6" />,
  city: <path d="M0 5h10M5 0v5M2.5 5v5M7.5 5v5" stroke="#7d6640" strokeWidth="0.6" fill="none" />,
  port: <path d="M5 2v6M3 4h4M2.5 6.5q2.5 2.5 5 0" stroke="#3d5a78" strokeWidth="0.7" fill="none" />,
  sea: <path d="M0 4q2.5-2 5 0t5 0M0 9q2.5-2 5 0t5 0" stroke="#dceaf7" strokeWidth="0.7" fill="none" />,
};

/** One `<pattern>` per terrain, its colour under its marks. */
export function TerrainPatterns({ prefix, scale = 1 }: { prefix: string; scale?: number }) {
  const size = 10 * scale;
  return (
    <defs>
      {TERRAINS.map((terrain) => (
        <pattern key={terrain} id={patternId(prefix, terrain)} patternUnits="userSpaceOnUse" width={size} height={size} data-terrain-pattern={terrain}>
          <g transform={scale === 1 ? undefined : `scale(${scale})`}>
            <rect width="10" height="10" fill={TERRAIN_COLOUR[terrain]} />
            {MARKS[terrain]}
          </g>
        </pattern>
      ))}
    </defs>
  );
}

export type StructureKind = "city" | "port" | "outpost";

/** A structure's shape around (0, 0): a city's square, a port's circle, an outpost's triangle. */
export function StructureShape({ kind }: { kind: string }) {
  return kind === "city" ? <rect x={-7} y={-9} width={14} height={10} /> : kind === "port" ? <circle cy={-4} r={5} /> : <polygon points="-6,0 0,-10 6,0" />;
}

export type Side = "own" | "allied" | "enemy" | "other";

/** A token's body around (0, 0) in the owner's colour; its outline tells the side. */
export function TokenShape({ side, colour }: { side: Side; colour: string }) {
  if (side === "allied") return <rect className="token-shape" x={-6.5} y={-6.5} width={13} height={13} rx={2} fill={colour} />;
  if (side === "enemy") return <polygon className="token-shape" points="0,-9 9,0 0,9 -9,0" fill={colour} />;
  return <circle className="token-shape" r={7.5} fill={colour} />;
}

/** A stack of armies of one owner on one hex: one token, the highest tier inside, a count badge
 * when there are several. Drawn around (0, 0). */
export function ArmyToken({ side, colour, tier, count, selected }: { side: Side; colour: string; tier: number; count: number; selected: boolean }) {
  return (
    <g className={`token ${side}${selected ? " chosen" : ""}`}>
      {selected ? <circle className="token-ring" r={11.5} /> : null}
      <TokenShape side={side} colour={colour} />
      <text className="token-tier" y={3.4} textAnchor="middle">
        {tier}
      </text>
      {count > 1 ? (
        <g className="token-count" transform="translate(7,-7)">
          <circle r={4.5} />
          <text y={2.6} textAnchor="middle">
            {count}
          </text>
        </g>
      ) : null}
    </g>
  );
}
