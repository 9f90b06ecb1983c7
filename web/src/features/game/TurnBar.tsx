// The game page's turn bar: the turn, its deadline counting down, gold, the live stream's state, Ready.
import { useEffect, useState } from "react";
import { type Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { DeadlineTimes } from "../campaigns/index.ts";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { useTurnActions } from "./api.ts";

/** Time left until `iso`, as "1 d 02:03:04" (negative: "0:00:00"). */
export function countdown(iso: string, now: number): string {
  const left = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d ? `${d} d ` : ""}${pad(h)}:${pad(m)}:${pad(s)}`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

export function StatusBar({
  campaign,
  turn,
  me,
  connected,
}: {
  campaign: Schemas["CampaignRead"];
  turn: Schemas["TurnRead"] | undefined;
  me: Schemas["MeRead"] | undefined;
  connected: boolean;
}) {
  const { t, label } = useI18n();
  const { api } = useSession();
  const now = useNow();
  const { ready, resolve } = useTurnActions(api, campaign.id);
  const deadline = turn?.deadline_at ?? turn?.change_due_at ?? null;
  return (
    <header className="status" data-turn={turn?.number ?? ""} aria-label={t("status")}>
      <h2>
        {campaign.name} · {t("turn")} <span data-testid="turn">{turn?.number ?? campaign.turn}</span>
        {turn?.season ? ` · ${turn.season}` : ""}
      </h2>
      {me ? (
        <p className="gold">
          {label("gold")} <strong data-testid="gold">{me.gold}</strong>
          {me.forecast ? (
            <span title={[...me.forecast.income, ...me.forecast.upkeep].map((l) => `${l.amount > 0 ? "+" : ""}${l.amount} ${l.reason} (${l.rule})`).join("\n")}>
              {" "}
              · {label("forecast")} <span data-testid="forecast">{me.forecast.net >= 0 ? `+${me.forecast.net}` : me.forecast.net}</span>
            </span>
          ) : null}
        </p>
      ) : null}
      <p>
        {label("deadline")} {deadline ? <time dateTime={deadline}>{countdown(deadline, now)}</time> : t("noDeadline")}
        {deadline ? <DeadlineTimes deadline={deadline} zone={campaign.settings.turn_schedule?.time_zone} /> : null}
        {turn?.paused ? (
          <>
            {" · "}
            <strong data-testid="paused">{t("paused")}</strong>
          </>
        ) : null}
        {" · "}
        <span className={connected ? "live" : "offline"} data-testid="live">
          {connected ? t("live") : t("offline")}
        </span>
      </p>
      {turn && turn.blocked_by.length > 0 ? (
        <p className="muted">
          {label("blockedBy")} {turn.blocked_by.join(", ")}
        </p>
      ) : null}
      {turn?.awaiting_owner ? <p className="notice">{t("awaitingOwner")}</p> : null}
      <div className="actions">
        {me ? (
          me.ready ? (
            <button type="button" onClick={() => ready.mutate(false)} disabled={ready.isPending}>
              {t("withdraw")}
            </button>
          ) : (
            <button type="button" className="primary" onClick={() => ready.mutate(true)} disabled={ready.isPending}>
              {t("ready")}
            </button>
          )
        ) : null}
        {campaign.is_owner ? (
          <button type="button" onClick={() => resolve.mutate()} disabled={resolve.isPending} aria-describedby="resolve-help">
            {t("resolve")}
          </button>
        ) : null}
      </div>
      {campaign.is_owner ? (
        <p className="muted resolve-help" id="resolve-help">
          {t("resolveHelp")}
        </p>
      ) : null}
      <ProblemView error={ready.error ?? resolve.error} />
    </header>
  );
}
