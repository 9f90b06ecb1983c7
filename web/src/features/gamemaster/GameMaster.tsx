// The game master's tools (the campaign's owner; one who does not play sees the whole map and
// every battle through the ordinary views, R-FOG): roll back the last turn change (R-TURN-6)
// with its history, pause and resume the deadlines' clocks, push the turn deadline back
// (R-TURN-3), and download the campaign's export (R-CAMP-9).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { gameMasterQueries, useGameMasterActions, useTurnClock } from "./api.ts";

/** Offer `data` as a JSON file download (a Blob URL, revoked once clicked). */
export function downloadJson(data: unknown, filename: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function GameMasterPanel({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [sure, setSure] = useState(false);
  const [withMessages, setWithMessages] = useState(false);
  const rollbacks = useQuery(gameMasterQueries.rollbacks(api, campaign.id));
  const { rollback, exported } = useGameMasterActions(
    campaign.id,
    () => setSure(false),
    (data) => downloadJson(data, `marchlords-${campaign.id}.json`),
  );
  return (
    <div data-testid="gm">
      <h3>{t("gameMaster")}</h3>
      {campaign.my_player === null ? <p className="notice">{t("gmSeesAll")}</p> : null}
      <TurnClock campaignId={campaign.id} />
      <h4>{t("rollback")}</h4>
      <p className="muted">{t("rollbackHint")}</p>
      <label className="inline">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />
        {t("rollbackSure")}
      </label>
      <button type="button" onClick={() => rollback.mutate()} disabled={!sure || rollback.isPending}>
        {t("rollback")}
      </button>
      <ProblemView error={rollback.error} />
      <ProblemView error={rollbacks.error} />
      <ul className="list" data-testid="rollbacks">
        {rollbacks.data?.items.map((r) => (
          <li key={`${r.number}-${r.revision}`}>
            {t("turn")} {r.number} · {t("revision")} {r.revision} · {new Date(r.rolled_back_at).toLocaleString()}
          </li>
        ))}
      </ul>
      <h4>{t("export")}</h4>
      <label className="inline">
        <input type="checkbox" checked={withMessages} onChange={(e) => setWithMessages(e.target.checked)} />
        {t("exportMessages")}
      </label>
      <button type="button" onClick={() => exported.mutate(withMessages)} disabled={exported.isPending}>
        {t("downloadExport")}
      </button>
      {exported.isSuccess ? (
        <p role="status" className="muted">
          {t("exportReady")}
        </p>
      ) : null}
      <ProblemView error={exported.error} />
    </div>
  );
}

/** The turn's clocks (R-TURN-3): pause and resume them, push the deadline back by some hours. */
export function TurnClock({ campaignId }: { campaignId: string }) {
  const { t, label } = useI18n();
  const { api } = useSession();
  const turn = useQuery(gameMasterQueries.turn(api, campaignId));
  const [hours, setHours] = useState("24");
  const { pause, extend } = useTurnClock(campaignId);
  const paused = turn.data?.paused ?? false;
  return (
    <section aria-labelledby={`clock-${campaignId}`} data-testid="turn-clock">
      <h4 id={`clock-${campaignId}`}>{t("turnClock")}</h4>
      <p data-testid="clock-state">
        {paused ? t("pausedHint") : t("runningHint")}
        {turn.data?.deadline_at ? (
          <>
            {" "}
            {label("deadline")} <time dateTime={turn.data.deadline_at}>{new Date(turn.data.deadline_at).toLocaleString()}</time>
          </>
        ) : null}
      </p>
      <button type="button" onClick={() => pause.mutate(!paused)} disabled={pause.isPending || !turn.data}>
        {paused ? t("resumeCampaign") : t("pauseCampaign")}
      </button>
      <ProblemView error={pause.error} />
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          extend.mutate(Number(hours));
        }}
      >
        <label>
          {t("extendHours")}
          <input type="number" name="extend_hours" min={1} max={720} required value={hours} onChange={(e) => setHours(e.target.value)} />
        </label>
        <button type="submit" disabled={extend.isPending}>
          {t("extendDeadline")}
        </button>
      </form>
      <ProblemView error={extend.error} />
    </section>
  );
}
