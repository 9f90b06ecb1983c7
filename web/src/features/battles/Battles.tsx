// Battles (R-BAT): the opposing sides and the report; report, edit the report, confirm, reject
// with a reason; play-by dates (propose, accept, the next club nights in one click, R-BAT-11); the
// game master's arbitration of a dispute.
import { useEffect, useRef, useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { BattleRosters } from "../rosters/index.ts";
import { BattlePackView } from "./BattlePack.tsx";
import { useBattleActions, usePack } from "./api.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { fill, useI18n, type Key, type Lang } from "../../i18n.tsx";
import { browserTimeZone, formatIn } from "../campaigns/index.ts";

const FINAL: readonly Schemas["BattleStatus"][] = ["confirmed", "cancelled", "abandoned"];

/** A `datetime-local` value (the browser's local time) as a date-time with its offset. */
export function localToIso(value: string): string {
  return new Date(value).toISOString();
}

/** `zone`: the campaign's schedule's time zone, if it has one (its club nights are shown in it). */
export function BattlesPanel({ campaignId, battles, isOwner, zone }: { campaignId: string; battles: readonly Schemas["BattleRead"][]; isOwner: boolean; zone?: string | null }) {
  const { t } = useI18n();
  if (battles.length === 0) return <p>{t("noBattles")}</p>;
  return (
    <ul className="list">
      {battles.map((b) => (
        <BattleItem key={b.id} campaignId={campaignId} battle={b} isOwner={isOwner} zone={zone ?? null} />
      ))}
    </ul>
  );
}

/** The key of one unit's casualty entry: the army and the unit's position in its list. */
function unitKey(armyId: number, unit: number): string {
  return `${armyId}:${unit}`;
}

/** The casualty entries as a report's lines (R-ARMY-7): blank and 0 left out, in list order. */
export function casualtiesOf(entries: Readonly<Record<string, string>>): Schemas["CasualtyLine"][] {
  return Object.entries(entries)
    .map(([key, value]) => {
      const [army, unit] = key.split(":").map(Number);
      return { army_id: army ?? 0, unit: unit ?? 0, lost: Number(value.trim() || "0") };
    })
    .filter((c) => Number.isInteger(c.lost) && c.lost !== 0)
    .sort((a, b) => a.army_id - b.army_id || a.unit - b.unit);
}

/** A report's casualties as entries of the form (to edit them). */
export function entriesOf(casualties: readonly Schemas["CasualtyLine"][] | undefined): Record<string, string> {
  return Object.fromEntries((casualties ?? []).map((c) => [unitKey(c.army_id, c.unit), String(c.lost)]));
}

/** One input per unit of each list fielded: the models it lost (R-ARMY-7). */
function CasualtyInputs({
  rosters,
  entries,
  onChange,
}: {
  rosters: readonly Schemas["BattleRosterRead"][];
  entries: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="casualties">
      <legend>{t("casualties")}</legend>
      <p className="muted">{t("casualtiesHint")}</p>
      {rosters.map((r) => (
        <div key={`${r.side}-${r.army_id}`}>
          <p>
            {t(r.side)} · #{r.army_id} · {r.roster.name}
          </p>
          {r.roster.units.map((u, i) => (
            <label key={i}>
              {u.name} ({u.count})
              <input
                type="number"
                min={0}
                max={u.count}
                value={entries[unitKey(r.army_id, i)] ?? ""}
                onChange={(e) => onChange(unitKey(r.army_id, i), e.target.value)}
              />
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}

/** Who fought: each side's players (names as the API gives them) and the reader's side, so the
 * form says whose losses are whose. */
export interface ReportSides {
  attacker: string;
  defender: string;
  yours: "attacker" | "defender" | null;
  /** Each side's points from the battle's pack (issue 47), once it is read. */
  points?: { attacker: number; defender: number } | undefined;
}

/** A result from the table: outcome, losses, a captured general, and, when the battle shows its
 * lists, the casualties of each unit; kept when the server refuses. A new report starts empty
 * (nothing is reported that the player did not choose), and is sent only after a summary of
 * what it will do (issue 44). */
export function ReportForm({
  initial,
  rosters,
  sides,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: Schemas["ReportRead"] | null;
  rosters?: readonly Schemas["BattleRosterRead"][] | null | undefined;
  sides?: ReportSides | undefined;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (report: Schemas["ReportCreate"]) => void;
}) {
  const { t, label } = useI18n();
  const [entries, setEntries] = useState<Record<string, string>>(() => entriesOf(initial?.casualties));
  const [outcome, setOutcome] = useState<Schemas["Outcome"] | "">(initial?.outcome ?? "");
  const [attackerLosses, setAttackerLosses] = useState(initial ? String(initial.attacker_losses_pct) : "");
  const [defenderLosses, setDefenderLosses] = useState(initial ? String(initial.defender_losses_pct) : "");
  const [captured, setCaptured] = useState(initial?.general_captured ?? false);
  const [checking, setChecking] = useState<Schemas["ReportCreate"] | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const lossLabel = (side: "attacker" | "defender") => {
    if (!sides) return t(side === "attacker" ? "attackerLosses" : "defenderLosses");
    if (sides.yours === side) return fill(t("yourLosses"), { side: t(side) });
    if (sides.yours !== null) return fill(t("theirLosses"), { names: sides[side], side: t(side) });
    return fill(t(side === "attacker" ? "attackerLossesOf" : "defenderLossesOf"), { names: sides[side] });
  };
  if (checking) {
    return (
      <div className="report-check" data-testid="report-check">
        <p>
          {fill(t("reportSummary"), {
            outcome: t(checking.outcome),
            attacker: sides?.attacker ?? t("attacker"),
            defender: sides?.defender ?? t("defender"),
            attackerPct: checking.attacker_losses_pct,
            defenderPct: checking.defender_losses_pct,
          })}
          {checking.general_captured ? ` ${t("reportGeneral")}` : ""}
          {checking.casualties && checking.casualties.length > 0 ? ` ${label("casualties")} ${casualtyText(checking.casualties, rosters)}.` : ""}
        </p>
        <p className="muted">{t("reportSummaryNext")}</p>
        <ProblemView error={error} />
        <div className="buttons">
          <button type="button" className="primary" disabled={pending} onClick={() => onSubmit(checking)}>
            {submitLabel}
          </button>
          <button type="button" onClick={() => setChecking(null)}>
            {t("reportBack")}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (outcome === "" || attackerLosses.trim() === "" || defenderLosses.trim() === "") {
          setIncomplete(true);
          return;
        }
        setIncomplete(false);
        const casualties = casualtiesOf(entries);
        setChecking({
          outcome,
          attacker_losses_pct: Number(attackerLosses),
          defender_losses_pct: Number(defenderLosses),
          general_captured: captured,
          ...(casualties.length > 0 ? { casualties } : {}),
        });
      }}
    >
      {sides?.points ? (
        <p className="muted" data-testid="report-pack-points">
          {fill(t("packReportPoints"), { attacker: sides.attacker, attackerPoints: sides.points.attacker, defender: sides.defender, defenderPoints: sides.points.defender })}
        </p>
      ) : null}
      <label>
        {t("outcome")}
        <select required value={outcome} onChange={(e) => setOutcome(e.target.value as Schemas["Outcome"] | "")}>
          <option value="">{t("chooseOutcome")}</option>
          {(["attacker_victory", "draw", "defender_victory"] as const).map((o) => (
            <option key={o} value={o}>
              {t(o)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {lossLabel("attacker")}
        <input type="number" required min={0} max={100} value={attackerLosses} onChange={(e) => setAttackerLosses(e.target.value)} />
      </label>
      <label>
        {lossLabel("defender")}
        <input type="number" required min={0} max={100} value={defenderLosses} onChange={(e) => setDefenderLosses(e.target.value)} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={captured} onChange={(e) => setCaptured(e.target.checked)} />
        {t("generalCaptured")}
      </label>
      {rosters && rosters.length > 0 ? <CasualtyInputs rosters={rosters} entries={entries} onChange={(key, value) => setEntries((e) => ({ ...e, [key]: value }))} /> : null}
      {incomplete ? <p className="notice">{t("reportFillAll")}</p> : null}
      <ProblemView error={error} />
      <button type="submit" disabled={pending}>
        {t("reportCheck")}
      </button>
    </form>
  );
}

/** A report's casualties as text, the units named from the lists fielded. */
export function casualtyText(casualties: readonly Schemas["CasualtyLine"][], rosters: readonly Schemas["BattleRosterRead"][] | null | undefined): string {
  const name = (c: Schemas["CasualtyLine"]) => rosters?.find((r) => r.army_id === c.army_id)?.roster.units[c.unit]?.name ?? `#${c.army_id}/${c.unit}`;
  return casualties.map((c) => `${c.lost} ${name(c)}`).join(", ");
}

/** A club night offered as a play-by date (R-BAT-11): in the reader's time zone, and in the
 * campaign's beside it when they differ. */
export function clubNightLabel(iso: string, lang: Lang, zone: string | null): string {
  const mine = formatIn(iso, lang);
  return zone && zone !== browserTimeZone() ? `${mine} (${zone}: ${formatIn(iso, lang, zone)})` : mine;
}

function BattleItem({ campaignId, battle, isOwner, zone }: { campaignId: string; battle: Schemas["BattleRead"]; isOwner: boolean; zone: string | null }) {
  const { t, label, lang } = useI18n();
  const [reason, setReason] = useState("");
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState("");
  const { report, edit, arbitrate, confirm, reject, proposeDate, acceptDate } = useBattleActions(campaignId, battle.id, () => setEditing(false));
  const side = (role: Key, s: Schemas["BattleSideRead"]) => (
    <p>
      {label(role)} {s.players.map((p) => p.name).join(", ")}
      {s.forces ? ` · ${s.forces.total_points} pts` : ""}
    </p>
  );
  const mine = battle.your_side !== null;
  // The battle's players and the game master read its lists, and have its pack (R-PACK-3).
  const hasPack = battle.rosters !== null && battle.rosters !== undefined;
  const pack = usePack(campaignId, battle.id, hasPack);
  const packSides = pack.data?.sides;
  const sides: ReportSides = {
    attacker: battle.attacker.players.map((p) => p.name).join(", ") || t("attacker"),
    defender: battle.defender.players.map((p) => p.name).join(", ") || t("defender"),
    yours: battle.your_side,
    points: packSides ? { attacker: packSides[0]?.points ?? 0, defender: packSides[1]?.points ?? 0 } : undefined,
  };
  // The pack's QR code opens /campaigns/<id>/battles/<battle id>: that battle comes into view.
  const item = useRef<HTMLLIElement>(null);
  const linked = typeof window !== "undefined" && new RegExp(`/battles/${battle.id}/?$`).test(window.location.pathname);
  useEffect(() => {
    if (linked) item.current?.scrollIntoView({ block: "start" });
  }, [linked]);
  const open = !FINAL.includes(battle.status);
  const reportedByOther = battle.report !== null && battle.report.reported_side !== battle.your_side;
  const reportedByMe = battle.report !== null && battle.report.reported_side === battle.your_side;
  const proposal = battle.play_by_proposal ?? null;
  const dateId = `play-by-${battle.id}`;
  // R-BAT-11: the campaign's next club nights before the deadline; the one proposed is left out.
  const nights = (battle.suggested_dates ?? []).filter((night) => night !== proposal?.date);
  return (
    <li ref={item} id={`battle-${battle.id}`} className={linked ? "battle-item chosen" : "battle-item"} data-battle-id={battle.id} data-status={battle.status}>
      <h4>
        #{battle.id} · {t(`battle_${battle.kind}`)} · ({battle.q}, {battle.r}) · <span data-testid="battle-status" data-status={battle.status}>{t(`status_${battle.status}`)}</span>
      </h4>
      {side("attacker", battle.attacker)}
      {side("defender", battle.defender)}
      <BattleRosters rosters={battle.rosters} />
      {hasPack ? <BattlePackView campaignId={campaignId} battleId={battle.id} /> : null}
      {battle.report ? (
        <p>
          {fill(t("reportLine"), {
            outcome: t(battle.report.outcome),
            attacker: sides.attacker,
            defender: sides.defender,
            attackerPct: battle.report.attacker_losses_pct,
            defenderPct: battle.report.defender_losses_pct,
          })}
          {battle.report.reported_by ? ` · ${fill(t("reportedBy"), { name: battle.report.reported_by.name })}` : ""}
          {battle.report.arbitrated ? ` · ${t("arbitrated")}` : ""}
          {battle.report.casualties && battle.report.casualties.length > 0 ? ` · ${label("casualties")} ${casualtyText(battle.report.casualties, battle.rosters)}` : ""}
        </p>
      ) : null}
      {battle.rejection_reason ? <p className="muted">{battle.rejection_reason}</p> : null}
      {battle.play_by ? (
        <p>
          {label("playBy")} <time dateTime={battle.play_by}>{new Date(battle.play_by).toLocaleString()}</time>
        </p>
      ) : null}
      {mine && (battle.status === "awaiting_report" || battle.status === "disputed") ? (
        <ReportForm initial={battle.report} rosters={battle.rosters} sides={sides} submitLabel={t("report")} pending={report.isPending} error={report.error} onSubmit={(body) => report.mutate(body)} />
      ) : null}
      {mine && battle.status === "reported" && reportedByMe ? (
        editing ? (
          <ReportForm initial={battle.report} rosters={battle.rosters} sides={sides} submitLabel={t("saveReport")} pending={edit.isPending} error={edit.error} onSubmit={(body) => edit.mutate(body)} />
        ) : (
          <button type="button" onClick={() => setEditing(true)}>
            {t("editReport")} #{battle.id}
          </button>
        )
      ) : null}
      {mine && battle.status === "reported" && reportedByOther ? <p className="muted">{t("confirmHelp")}</p> : null}
      {mine && battle.status === "reported" && reportedByOther ? (
        <div className="buttons">
          <button type="button" className="primary" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {t("confirm")} #{battle.id}
          </button>
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              reject.mutate(reason);
            }}
          >
            <label>
              {t("reason")}
              <input value={reason} required onChange={(e) => setReason(e.target.value)} />
            </label>
            <button type="submit" disabled={reject.isPending}>
              {t("reject")}
            </button>
          </form>
          <ProblemView error={confirm.error ?? reject.error} />
        </div>
      ) : null}
      {mine && open ? (
        <div className="play-by">
          {proposal ? (
            <p>
              {t("playByProposed")} ({t(proposal.side === "attacker" ? "attacker" : "defender")}):{" "}
              <time dateTime={proposal.date}>{new Date(proposal.date).toLocaleString()}</time>{" "}
              {proposal.side !== battle.your_side ? (
                <button type="button" onClick={() => acceptDate.mutate(proposal.date)} disabled={acceptDate.isPending}>
                  {t("acceptDate")} #{battle.id}
                </button>
              ) : null}
            </p>
          ) : null}
          {nights.length > 0 ? (
            <div className="buttons club-nights" role="group" aria-label={t("clubNightsOffered")} data-testid="club-nights">
              <span>{label("clubNightsOffered")}</span>
              {nights.map((night) => (
                <button type="button" key={night} data-date={night} onClick={() => proposeDate.mutate(night)} disabled={proposeDate.isPending}>
                  {clubNightLabel(night, lang, zone)}
                </button>
              ))}
            </div>
          ) : null}
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              proposeDate.mutate(localToIso(date));
            }}
          >
            <label htmlFor={dateId}>{t("playByDate")}</label>
            <input id={dateId} type="datetime-local" required value={date} onChange={(e) => setDate(e.target.value)} />
            <button type="submit" disabled={proposeDate.isPending}>
              {t("proposeDate")}
            </button>
          </form>
          <ProblemView error={proposeDate.error ?? acceptDate.error} />
        </div>
      ) : null}
      {isOwner && battle.status === "disputed" ? (
        <fieldset data-testid="arbitration">
          <legend>{t("arbitration")}</legend>
          <ReportForm
            initial={battle.report}
            rosters={battle.rosters}
            sides={sides}
            submitLabel={t("ruleResult")}
            pending={arbitrate.isPending}
            error={arbitrate.error}
            onSubmit={(body) => arbitrate.mutate({ cancel: false, report: body })}
          />
          <button type="button" onClick={() => arbitrate.mutate({ cancel: true })} disabled={arbitrate.isPending}>
            {t("cancelBattle")} #{battle.id}
          </button>
        </fieldset>
      ) : null}
    </li>
  );
}
