// Finding a game (R-CAMP-11, R-CAMP-12): public lobbies and the open seats of running public
// campaigns, each with "Ask to join"; the user's pending asks (withdraw); listing oneself as a
// substitute. Nobody joins by asking alone: the owner answers in their lobby screen.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { Disclosure } from "../../components/Disclosure.tsx";
import { ProblemView } from "../../components/ProblemView.tsx";
import { gameSystemName } from "../../lib/gameSystems.ts";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { campaignQueries, useJoinRequests, useSubstitute } from "./api.ts";

type GameSystem = Schemas["SubstituteWrite"]["game_systems"][number];
export const GAME_SYSTEMS: readonly GameSystem[] = ["old_world", "ninth_age", "whfb8", "kings_of_war", "custom"];

/** The body of an ask: the lobby (no number) or one open seat of a running campaign. */
export function askBody(campaignId: string, number: number | null, note: string): Schemas["JoinRequestCreate"] {
  const trimmed = note.trim();
  return { campaign_id: campaignId, number, note: trimmed === "" ? null : trimmed };
}

export function FindGame() {
  const { t, label } = useI18n();
  const { api } = useSession();
  const [note, setNote] = useState("");
  const lobbies = useQuery(campaignQueries.lobbies(api));
  const mine = useQuery(campaignQueries.myJoinRequests(api));
  const { ask, withdraw } = useJoinRequests();
  const items = lobbies.data?.items ?? [];
  return (
    <section className="card" aria-labelledby="find-game-title">
      <h2 id="find-game-title">{t("findGame")}</h2>
      <ProblemView error={lobbies.error ?? ask.error ?? withdraw.error} />
      <label>
        {t("noteToOwner")}
        <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </label>
      {items.length === 0 && lobbies.data ? <p className="muted">{t("noPublicGame")}</p> : null}
      <ul className="list" aria-label={t("findGame")}>
        {items.map((c) => (
          <li key={c.campaign_id} data-campaign-id={c.campaign_id}>
            <strong>{c.name}</strong>{" "}
            <span className="muted">
              {label("gameSystem")} {gameSystemName(c.game_system, t("customGameSystem"))} · {t("players")} {c.players}/{c.max_players}
              {c.turn_deadline_hours ? ` · ${c.turn_deadline_hours} h` : ""}
            </span>{" "}
            {c.asked ? (
              <span className="badge">{t("asked")}</span>
            ) : c.status === "lobby" ? (
              <button type="button" onClick={() => ask.mutate(askBody(c.campaign_id, null, note))} disabled={ask.isPending}>
                {t("askToJoin")}
                <span className="sr-only">: {c.name}</span>
              </button>
            ) : (
              c.open_seats.map((seat) => (
                <button key={seat.number} type="button" onClick={() => ask.mutate(askBody(c.campaign_id, seat.number, note))} disabled={ask.isPending}>
                  {t("askForSeat").replace("{n}", String(seat.number))}
                  <span className="sr-only">: {c.name}</span>
                </button>
              ))
            )}
          </li>
        ))}
      </ul>
      {mine.data && mine.data.length > 0 ? (
        <>
          <h3>{t("myJoinRequests")}</h3>
          <ul className="list" aria-label={t("myJoinRequests")}>
            {mine.data.map((r) => (
              <li key={r.id}>
                {r.campaign_name}
                {r.number ? ` · ${t("askForSeat").replace("{n}", String(r.number))}` : ""}{" "}
                <button type="button" onClick={() => withdraw.mutate(r.id)} disabled={withdraw.isPending}>
                  {t("withdrawAsk")}
                  <span className="sr-only">: {r.campaign_name}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {/* Not listed: the server answers 404; asked once the player opens it. */}
      <Disclosure summary={t("showSubstitute")}>
        <SubstituteSettings />
      </Disclosure>
    </section>
  );
}

/** Listing oneself as a substitute (R-CAMP-12): the game systems played and days a week. */
export function SubstituteSettings() {
  const { t } = useI18n();
  const { api } = useSession();
  const listed = useQuery(campaignQueries.substitute(api));
  const [systems, setSystems] = useState<GameSystem[] | null>(null);
  const [days, setDays] = useState<number | null>(null);
  const chosen = systems ?? listed.data?.game_systems ?? [];
  const perWeek = days ?? listed.data?.days_per_week ?? 2;
  const { save, unlist } = useSubstitute(() => setSystems(null));
  const toggle = (system: GameSystem) => setSystems(chosen.includes(system) ? chosen.filter((s) => s !== system) : [...chosen, system]);
  return (
    <form
      aria-labelledby="substitute-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ game_systems: chosen, days_per_week: perWeek });
      }}
    >
      <h3 id="substitute-title">{t("substitute")}</h3>
      <p className="muted">{listed.data ? t("substituteListed") : t("substituteHelp")}</p>
      <fieldset>
        <legend>{t("gameSystem")}</legend>
        {GAME_SYSTEMS.map((system) => (
          <label key={system}>
            <input type="checkbox" checked={chosen.includes(system)} onChange={() => toggle(system)} /> {gameSystemName(system, t("customGameSystem"))}
          </label>
        ))}
      </fieldset>
      <label>
        {t("daysPerWeek")}
        <input type="number" min={1} max={7} value={perWeek} onChange={(e) => setDays(Number(e.target.value))} />
      </label>
      <ProblemView error={listed.error ?? save.error ?? unlist.error} />
      <button type="submit" disabled={save.isPending || chosen.length === 0}>
        {t("listMeAsSubstitute")}
      </button>{" "}
      {listed.data ? (
        <button type="button" onClick={() => unlist.mutate()} disabled={unlist.isPending}>
          {t("unlistSubstitute")}
        </button>
      ) : null}
    </form>
  );
}
