// The battle pack (issue 47, R-PACK): the field, the deployment map drawn from the pack's
// pieces, your forces, what you know of the enemy (R-PACK-3), the stakes, and the PDF to print.
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { fill, useI18n } from "../../i18n.tsx";
import { usePack, usePackPdf } from "./api.ts";

type Pack = Schemas["BattlePack"];

const PIECE_COLOURS: Record<Schemas["PieceKind"], string> = {
  wood: "#4f8a3c",
  hill: "#b59b6b",
  marsh: "#6f9a8a",
  rocks: "#7d7d7d",
  dunes: "#e2c77d",
  pond: "#7fb1d8",
  ruins: "#a39a8f",
  building: "#8c6d5a",
  fields: "#d9cf7a",
  walls: "#555555",
  tower: "#444444",
  sea: "#8fb9de",
  ship: "#6b4e2e",
};
const RECTANGLES: ReadonlySet<Schemas["PieceKind"]> = new Set(["walls", "sea", "building", "fields", "ship", "tower"]);
const GROUND: Partial<Record<Schemas["Terrain"], string>> = {
  plain: "#d6e6a3",
  forest: "#9cc28a",
  mountain: "#c9bfae",
  marsh: "#aec4b7",
  desert: "#ead89a",
  coast: "#e9deb3",
  oasis: "#c4e4bf",
  city: "#ddd6cc",
  port: "#d2dce3",
  sea: "#8fb9de",
};

export function DeploymentMap({ field }: { field: Schemas["PackField"] }) {
  const { t } = useI18n();
  const { width, depth } = field.table;
  const kinds = [...new Set(field.pieces.map((p) => p.kind))].sort();
  return (
    <figure className="pack-map">
      <svg viewBox={`-1 -1 ${width + 2} ${depth + 2}`} role="img" aria-label={t("packMap")} data-testid="pack-map">
        <rect x={0} y={0} width={width} height={depth} fill={GROUND[field.terrain] ?? "#d6e6a3"} stroke="#333" strokeWidth={0.3} />
        {field.zones.map((z) => (
          <rect key={z.side} data-zone={z.side} x={0} y={z.side === "defender" ? 0 : depth - z.depth} width={width} height={z.depth} fill="#fff" opacity={0.35} />
        ))}
        {field.pieces.map((p, i) => {
          const transform = `translate(${p.x} ${p.y}) rotate(${p.rotation})`;
          const colour = PIECE_COLOURS[p.kind];
          return (
            <g key={i} transform={transform} data-piece={p.kind}>
              <title>{t(`packPiece_${p.kind}`)}</title>
              {RECTANGLES.has(p.kind) ? (
                <rect x={-p.width / 2} y={-p.depth / 2} width={p.width} height={p.depth} fill={colour} />
              ) : (
                <ellipse rx={p.width / 2} ry={p.depth / 2} fill={colour} />
              )}
            </g>
          );
        })}
        <text x={width - 1} y={2.5} fontSize={2} textAnchor="end">
          {t("defender")}
        </text>
        <text x={width - 1} y={depth - 1} fontSize={2} textAnchor="end">
          {t("attacker")}
        </text>
      </svg>
      <figcaption className="muted">
        {kinds.map((k) => (
          <span key={k} className="pack-legend">
            <span className="pack-swatch" style={{ background: PIECE_COLOURS[k] }} />
            {t(`packPiece_${k}`)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function SideForces({ side, yours }: { side: Schemas["PackSide"]; yours: boolean }) {
  const { t } = useI18n();
  return (
    <div className="pack-side" data-side={side.side} data-in-full={side.in_full}>
      <h5>
        {fill(t("packSideTotal"), { side: t(side.side), points: side.points, size: t(`packSize_${side.size}`) })}
        {yours ? ` · ${t("packYours")}` : ""}
      </h5>
      <p className="muted">{side.players.map((p) => p.name).join(", ")}</p>
      <ul className="list">
        {side.armies.map((a) =>
          side.in_full ? (
            <li key={a.army_id}>
              {fill(t("packArmy"), { id: a.army_id, tier: a.tier, points: a.points })}
              {a.leads ? ` · ${t("packLeads")}` : ""}
              {a.general_id != null ? ` · ${fill(t("packGeneral"), { id: a.general_id })}` : ""}
              {a.battles_fought != null ? ` · ${t("packFought", { count: a.battles_fought })}` : ""}
              {a.roster ? (
                <details>
                  <summary>
                    {a.roster.name} · {a.roster.total_points} · {a.fits ? t("packFits") : t("packExceeds")}
                  </summary>
                  <ul>
                    {a.roster.units.map((u, i) => (
                      <li key={i}>
                        {u.count} × {u.name} · {u.points}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <span className="muted"> · {t("packNoList")}</span>
              )}
            </li>
          ) : (
            <li key={a.army_id}>{fill(t("packSighted"), { id: a.army_id, tier: a.tier, size: t(`packSize_${a.size}`) })}</li>
          ),
        )}
      </ul>
    </div>
  );
}

/** The pack of one battle, with the button that prints it. */
export function BattlePackView({ campaignId, battleId }: { campaignId: string; battleId: number }) {
  const { t, label, lang } = useI18n();
  const pack = usePack(campaignId, battleId, true);
  const pdf = usePackPdf(campaignId, battleId);
  const print = () =>
    pdf.mutate({
        lang,
        paper: lang === "en" && navigator.language === "en-US" ? "letter" : "a4",
        save: (blob) => {
          const url = URL.createObjectURL(blob);
          const link = document.createElement("a");
          link.href = url;
          link.download = `battle-${battleId}-pack.pdf`;
          link.click();
          URL.revokeObjectURL(url);
        },
      });
  if (pack.error) return <ProblemView error={pack.error} />;
  const data: Pack | undefined = pack.data;
  if (!data) return <p className="muted">{t("loading")}</p>;
  const field = data.field;
  const stakes = data.stakes;
  return (
    <details className="battle-pack" data-testid="battle-pack" open>
      <summary>
        {t("packTitle")} · {t(`packKind_${field.kind}`)}
      </summary>
      <p>
        {t(`terrain_${field.terrain}`)}
        {field.season ? ` · ${t(`packSeason_${field.season}`)}` : ""}
        {" · "}
        {fill(t("packTable"), { width: field.table.width, depth: field.table.depth })}
      </p>
      {field.scenario ? (
        <p data-testid="pack-scenario">
          {label("packScenario")} <strong>{field.scenario.name}</strong> ({field.scenario.reference})
        </p>
      ) : (
        <p className="muted">{t("packNoScenario")}</p>
      )}
      <DeploymentMap field={field} />
      <p className="muted">
        {label("packSeed")} <code data-testid="pack-seed">{field.seed}</code>
      </p>
      <div className="pack-forces">
        {data.sides.map((s) => (
          <SideForces key={s.side} side={s} yours={s.side === data.your_side} />
        ))}
      </div>
      <h5>{t("packStakes")}</h5>
      <ul className="list">
        {(["attacker_victory", "draw", "defender_victory"] as const).map((o) => (
          <li key={o}>
            {label(o)} {stakes[o].map((e) => t(`packEffect_${e}`)).join(", ")}
          </li>
        ))}
      </ul>
      <div className="buttons">
        <button type="button" className="primary" onClick={print} disabled={pdf.isPending} data-testid="pack-print">
          {t("packPrint")}
        </button>
      </div>
      <ProblemView error={pdf.error} />
    </details>
  );
}
