// A first campaign without the docs (issue 44): what to do now (orders left to give, gold,
// battles waiting for this player, whether they are ready) and a short "How to play", both on
// the game page, in the reader's language.
import type { Schemas } from "../../api/client.ts";
import { fill, useI18n, type Key } from "../../i18n.tsx";

const CLOSED: readonly Schemas["BattleStatus"][] = ["confirmed", "cancelled", "abandoned"];

export interface Hints {
  idleArmies: number;
  armies: number;
  gold: number;
  toReport: number;
  toConfirm: number;
  ready: boolean;
}

/** What waits for this player: armies with no order, battles to report or to confirm. */
export function hintsOf(me: Schemas["MeRead"], armies: readonly Schemas["ArmyList"]["mine"][number][], battles: readonly Schemas["BattleRead"][]): Hints {
  const upgrading = new Set(me.orders.upgrades.map((u) => u.army_id));
  const mine = battles.filter((b) => b.your_side !== null && !CLOSED.includes(b.status));
  return {
    // An army held in its battle takes no order (R-MOVE-2): it waits for the battle, not for me.
    idleArmies: armies.filter((a) => !a.move && !a.entrenched && !upgrading.has(a.id) && !a.locked_in_battle).length,
    armies: armies.length,
    gold: me.gold,
    toReport: mine.filter((b) => b.status === "awaiting_report" || b.status === "disputed").length,
    toConfirm: mine.filter((b) => b.status === "reported" && b.report !== null && b.report.reported_side !== b.your_side).length,
    ready: me.ready,
  };
}

export function WhatNow({
  me,
  armies,
  battles,
  isOwner,
  seated,
  onOpen,
}: {
  me: Schemas["MeRead"] | undefined;
  armies: readonly Schemas["ArmyList"]["mine"][number][];
  battles: readonly Schemas["BattleRead"][];
  isOwner: boolean;
  /** The reader holds a seat (their `me` may still be loading). */
  seated: boolean;
  onOpen: (tab: "armies" | "battles") => void;
}) {
  const { t } = useI18n();
  const line = (key: Key, params: Record<string, number> = {}) => fill(t(key), params);
  const h = me ? hintsOf(me, armies, battles) : null;
  return (
    <section className="guide" aria-labelledby="what-now-title" data-testid="what-now">
      <h2 id="what-now-title">{t("whatNow")}</h2>
      {h ? (
        <ul>
          {h.toReport > 0 ? (
            <li className="urgent">
              <button type="button" className="link" onClick={() => onOpen("battles")}>
                {line("hintBattlesReport", { count: h.toReport })}
              </button>
            </li>
          ) : null}
          {h.toConfirm > 0 ? (
            <li className="urgent">
              <button type="button" className="link" onClick={() => onOpen("battles")}>
                {line("hintBattlesConfirm", { count: h.toConfirm })}
              </button>
            </li>
          ) : null}
          {h.armies > 0 ? (
            <li>
              {h.idleArmies > 0 ? (
                <button type="button" className="link" onClick={() => onOpen("armies")}>
                  {line("hintArmiesIdle", { count: h.idleArmies })}
                </button>
              ) : (
                t("hintAllOrdered")
              )}
            </li>
          ) : null}
          <li>{line("hintGold", { gold: h.gold })}</li>
          <li>{h.ready ? t("hintReady") : t("hintNotReady")}</li>
        </ul>
      ) : (
        <p className="muted">{seated ? t("loading") : isOwner ? t("hintGameMaster") : t("hintSpectator")}</p>
      )}
      <HowToPlay />
    </section>
  );
}

/** The rules of a turn in five sentences, folded until asked for. */
export function HowToPlay() {
  const { t } = useI18n();
  return (
    <details className="howto" data-testid="how-to-play">
      <summary>{t("howToPlay")}</summary>
      <ol>
        {(["howToPlay1", "howToPlay2", "howToPlay3", "howToPlay4", "howToPlay5"] as const).map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </details>
  );
}
