// Spectators (R-CAMP-13): the public campaigns that take spectators, with a "Watch" button, and
// the read-only spectator page: turn T − N's map (the replay screen's HexMap) and the public
// lines of the changes before it. A spectator is no member: nothing here reads a member route.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { HexMap } from "../map/index.ts";
import { SummaryLines } from "../../components/SummaryLines.tsx";
import { wordsFor } from "../../lib/sentences.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { Link, navigate } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { spectateQueries, useLeave, useWatch } from "./api.ts";

/** Running public campaigns that take spectators, each with a "Watch" button. */
export function WatchList() {
  const { t } = useI18n();
  const { api } = useSession();
  const lobbies = useQuery(spectateQueries.watchable(api));
  const watch = useWatch((id) => navigate(`/watch/${id}`));
  const items = lobbies.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section data-testid="watch-list">
      <h2>{t("watchTitle")}</h2>
      <ProblemView error={watch.error} />
      <ul className="list">
        {items.map((c) => (
          <li key={c.campaign_id}>
            {c.name} <span className="muted">({t("turnsLate", { n: c.spectator_delay_turns ?? 0 })})</span>{" "}
            <button type="button" onClick={() => watch.mutate(c.campaign_id)} disabled={watch.isPending}>
              {t("watch")}
            </button>{" "}
            <Link to={`/watch/${c.campaign_id}`}>{t("open")}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The spectator's page: the turn they are shown, its map, and the public summaries before it. */
export function SpectatorScreen({ id }: { id: string }) {
  const { t, label, lang } = useI18n();
  const { api } = useSession();
  const view = useQuery(spectateQueries.view(api, id));
  const shown = view.data?.turn ?? null;
  const world = useQuery(spectateQueries.map(api, id, shown));
  const last = shown !== null && shown > 1 ? shown - 1 : null;
  const [picked, setPicked] = useState<number | null>(null);
  const number = picked ?? last;
  const summary = useQuery(spectateQueries.summary(api, id, number));
  const leave = useLeave(id, () => navigate("/"));
  return (
    <div data-testid="spectator">
      <p>
        <Link to="/">← {t("back")}</Link>
      </p>
      <ProblemView error={view.error ?? world.error ?? summary.error ?? leave.error} />
      {view.data ? (
        <>
          <h2>{view.data.name}</h2>
          <p>
            {shown === null ? t("nothingToWatchYet") : `${t("turn")} ${shown}`}{" "}
            <span className="muted">({t("turnsLate", { n: view.data.delay_turns })})</span>{" "}
            <button type="button" onClick={() => leave.mutate()} disabled={leave.isPending}>
              {t("stopWatching")}
            </button>
          </p>
          <ul className="list">
            {view.data.players.map((p) => (
              <li key={p.number}>
                {p.number}. {p.faction_name}
                {p.name ? ` — ${p.name}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {world.data ? (
        <HexMap world={world.data} battles={[]} selected={null} army={null} reachable={[]} path={null} onSelect={() => undefined} label={`${t("watchTitle")} · ${t("turn")} ${shown ?? ""}`} />
      ) : null}
      {last !== null && number !== null ? (
        <>
          <label>
            {label("replayTurn")} {number}
            <input type="range" min={1} max={last} value={number} onChange={(e) => setPicked(Number(e.target.value))} />
          </label>
          <SummaryLines events={summary.data?.events ?? []} words={wordsFor(lang, t, undefined)} />
        </>
      ) : null}
    </div>
  );
}
