// The turn's summary and the campaign's history, told as sentences (src/lib/sentences.ts).
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type CampaignEvent } from "../../api/events.ts";
import { HexMap } from "../map/index.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { sentence, wordsFor, type Words } from "../../lib/sentences.ts";
import { SummaryLines } from "../../components/SummaryLines.tsx";
import { useSession } from "../../lib/session.tsx";
import { gameQueries } from "./api.ts";

/** The seats' names as the API gives them, for sentences ("Alice (you)"). */
export function useWords(campaignId: string): Words {
  const { t, lang } = useI18n();
  const { api } = useSession();
  const players = useQuery(gameQueries.players(api, campaignId));
  return useMemo(() => wordsFor(lang, t, players.data), [lang, t, players.data]);
}

export function SummaryPanel({ campaignId, turn, events }: { campaignId: string; turn: number; events: CampaignEvent[] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const words = useWords(campaignId);
  const previous = turn - 1;
  const summary = useQuery({ ...gameQueries.summary(api, campaignId, previous), enabled: previous >= 1 });
  return (
    <div>
      <h3>
        {t("summary")} {previous >= 1 ? `(${t("turn")} ${previous})` : ""}
      </h3>
      {previous < 1 || summary.data?.events.length === 0 ? <p>{t("noSummary")}</p> : null}
      <ProblemView error={summary.error} />
      <SummaryLines events={summary.data?.events ?? []} words={words} testId="summary-lines" />
      <h3>{t("events")}</h3>
      <ul className="list" data-testid="live-events">
        {events.map((e, i) => (
          <li key={`${e.id}-${i}`} data-kind={e.kind}>
            {sentence(e.kind, e.data, words)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Replays under fog: the map as this player saw it at the end of a past turn, with a scrubber. */
export function HistoryPanel({ campaignId, turn, me, hostile }: { campaignId: string; turn: number; me: number | null; hostile: ReadonlyMap<number, boolean> }) {
  const { t, label } = useI18n();
  const { api } = useSession();
  const words = useWords(campaignId);
  const last = Math.max(1, turn - 1);
  const [number, setNumber] = useState(last);
  const replay = useQuery({ ...gameQueries.replay(api, campaignId, number), enabled: turn > 1 });
  const summary = useQuery({ ...gameQueries.summary(api, campaignId, number), enabled: turn > 1 });
  if (turn <= 1) return <p>{t("noSummary")}</p>;
  return (
    <div data-testid="history">
      <label>
        {label("replayTurn")} {number}
        <input type="range" min={1} max={last} value={number} onChange={(e) => setNumber(Number(e.target.value))} />
      </label>
      <ProblemView error={replay.error ?? summary.error} />
      {replay.data ? (
        <HexMap world={replay.data} battles={[]} selected={null} army={null} reachable={[]} path={null} onSelect={() => undefined} label={`${t("history")} · ${t("turn")} ${number}`} me={me} hostile={hostile} />
      ) : null}
      <SummaryLines events={summary.data?.events ?? []} words={words} testId="history-lines" />
    </div>
  );
}
