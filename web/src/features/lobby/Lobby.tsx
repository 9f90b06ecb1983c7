import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { MapPreview } from "../map/index.ts";
import { BotMark, LobbyBots } from "../bots/index.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { ScheduleSettings } from "../campaigns/index.ts";
import { fill, useI18n } from "../../i18n.tsx";
import { navigate } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { ReliabilityView } from "../settings/index.ts";
import { HouseRulesPanel } from "../campaigns/index.ts";
import { lobbyQueries, useAnswerJoinRequest, useLobbyActions } from "./api.ts";

export function Lobby({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t, label, lang } = useI18n();
  const { api } = useSession();
  const players = useQuery(lobbyQueries.players(api, campaign.id));
  // The factions named in the page's language (the server says them: the ruleset document
  // keeps the names as written, in English for the default factions).
  const factionNames = useQuery(lobbyQueries.factions(api, campaign.id, lang));
  // A generated or uploaded map is readable by its author only: GET /v1/maps/{id} answers 404
  // to the others (which the browser logs as an error). The list of the maps I may read (the
  // built-in ones and mine) says whether to ask; a list cut short asks anyway.
  const readable = useQuery(lobbyQueries.readableMaps(api));
  const mayRead = readable.data !== undefined && (readable.data.items.some((m) => m.id === campaign.map_id) || readable.data.total > readable.data.items.length);
  const map = useQuery(lobbyQueries.map(api, campaign.map_id, mayRead));
  const me = players.data?.find((p) => p.is_you);
  const [faction, setFaction] = useState<string>("");
  const [slot, setSlot] = useState<string>("");
  const { join, choose, leave, start } = useLobbyActions(campaign, () => navigate("/"));
  const factions = factionNames.data ?? [];
  // A map I may not read: offer every slot the campaign could have, the server refuses one that
  // is not.
  const slotsUnknown = map.isError || (readable.isSuccess && !mayRead);
  const slots = map.data?.slots ?? (slotsUnknown ? campaign.settings.max_players ?? 0 : 0);
  const taken = new Map((players.data ?? []).filter((p) => p.slot !== null).map((p) => [p.slot, p.name]));

  return (
    <div className="columns">
      <section className="card lobby-main" aria-labelledby="lobby-title">
        <h2 id="lobby-title">
          {label("lobby")} {campaign.name}
        </h2>
        {map.data ? (
          <>
            <p data-testid="lobby-map">
              {label("map")} {map.data.name} ({map.data.width}×{map.data.height})
            </p>
            <MapPreview map={map.data} />
          </>
        ) : null}
        {campaign.invite_code ? <CopyInvitation campaign={campaign} /> : null}
        {campaign.invite_code ? (
          <p>
            {label("inviteCode")} <code data-testid="invite-code">{campaign.invite_code}</code> · {label("campaignId")}{" "}
            <code data-testid="campaign-id">{campaign.id}</code>
            <br />
            {label("inviteLink")}{" "}
            <a href={`/campaigns/${campaign.id}?invite=${campaign.invite_code}`} data-testid="invite-link">
              {`${window.location.origin}/campaigns/${campaign.id}?invite=${campaign.invite_code}`}
            </a>
          </p>
        ) : null}
        <table className="lobby-players">
          <caption className="sr-only">{t("players")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("player")}</th>
              <th scope="col">{t("faction")}</th>
              <th scope="col">{t("slot")}</th>
            </tr>
          </thead>
          <tbody>
            {players.data?.map((p) => (
              <tr key={p.number}>
                <td>
                  {p.number}. {p.name}
                  {p.is_you ? ` (${t("you")})` : ""}
                  {p.is_owner ? ` · ${t("owner")}` : ""}
                  <BotMark bot={p.bot} />
                </td>
                <td>{factions.find((f) => f.key === p.faction)?.name ?? p.faction ?? "—"}</td>
                <td>{p.slot ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ProblemView error={players.error} />
        {players.data ? <Missing players={players.data} seats={Math.min(campaign.settings.max_players, map.data?.slots ?? campaign.settings.max_players)} /> : null}
        {!me && campaign.is_owner && players.data ? (
          <p className="notice" role="status" data-testid="pick-faction">
            {t("ownerNotSeated")}
          </p>
        ) : null}
        {!me && campaign.invite_code ? (
          <button type="button" onClick={() => join.mutate()} disabled={join.isPending}>
            {t("join")}
          </button>
        ) : null}
        <ProblemView error={join.error} />
        {campaign.is_owner ? (
          <>
            <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
              {t("start")}
            </button>
            <ProblemView error={start.error} />
          </>
        ) : null}
      </section>
      {me ? (
        <section className="card" aria-labelledby="choice-title">
          <h2 id="choice-title">
            {t("faction")} · {t("slot")}
          </h2>
          {!me.faction ? (
            <p className="notice" role="status" data-testid="pick-faction">
              {t("pickYourFaction")}
            </p>
          ) : null}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              choose.mutate({ faction: faction || me?.faction || null, slot: slot === "" ? (me?.slot ?? null) : Number(slot) });
            }}
          >
            <label>
              {t("faction")}
              <select name="faction" value={faction || me.faction || ""} onChange={(e) => setFaction(e.target.value)}>
                <option value="">—</option>
                {factions.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("slot")}
              <select name="slot" value={slot === "" ? String(me.slot ?? "") : slot} onChange={(e) => setSlot(e.target.value)}>
                <option value="">—</option>
                {Array.from({ length: slots }, (_, i) => (
                  <option key={i} value={i}>
                    {i}
                    {taken.has(i) ? ` (${taken.get(i)})` : ""}
                  </option>
                ))}
              </select>
            </label>
            {slotsUnknown ? <p className="muted">{t("slotsUnknown")}</p> : null}
            <ProblemView error={choose.error} />
            <button type="submit" disabled={choose.isPending}>
              {t("choose")}
            </button>
          </form>
          {!me.is_owner ? (
            <p>
              <button type="button" onClick={() => leave.mutate()} disabled={leave.isPending}>
                {t("leaveCampaign")}
              </button>
            </p>
          ) : null}
          <ProblemView error={leave.error} />
        </section>
      ) : null}
      {campaign.is_owner && players.data ? (
        <LobbyBots campaign={campaign} players={players.data} seats={Math.min(campaign.settings.max_players, map.data?.slots ?? campaign.settings.max_players)} factions={factions} slots={slots} />
      ) : null}
      {campaign.is_owner ? <JoinRequests campaign={campaign} /> : null}
      <ScheduleSettings campaign={campaign} />
      <HouseRulesPanel campaign={campaign} />
    </div>
  );
}

/** The owner's pending requests to join (R-CAMP-11), each with its asker's reliability (R-CAMP-14). */
function JoinRequests({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const requests = useQuery(lobbyQueries.joinRequests(api, campaign.id));
  const answer = useAnswerJoinRequest(campaign.id);
  return (
    <section className="card" aria-labelledby="join-requests-title">
      <h2 id="join-requests-title">{t("joinRequests")}</h2>
      <ProblemView error={requests.error ?? answer.error} />
      {requests.data?.length === 0 ? <p className="muted">{t("noJoinRequests")}</p> : null}
      <ul>
        {requests.data?.map((r) => (
          <li key={r.id}>
            {r.display_name} ({r.username}){r.note ? ` — ${r.note}` : ""}
            <ReliabilityView profile={r.reliability} />
            <button type="button" onClick={() => answer.mutate({ id: r.id, yes: true })} disabled={answer.isPending}>
              {t("accept")}
            </button>
            <button type="button" onClick={() => answer.mutate({ id: r.id, yes: false })} disabled={answer.isPending}>
              {t("decline")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The invitation as one text to paste to a friend: the link, the campaign id and the code. */
export function invitationText(campaign: Schemas["CampaignRead"], origin: string, template: string): string {
  const link = `${origin}/campaigns/${campaign.id}?invite=${campaign.invite_code ?? ""}`;
  return fill(template, { name: campaign.name, link, id: campaign.id, code: campaign.invite_code ?? "" });
}

/** A button that copies the invitation (the clipboard, or a selected text where there is none). */
function CopyInvitation({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const text = invitationText(campaign, window.location.origin, t("invitationText"));
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard (an insecure origin, a refused permission): copy from a selected text.
      const area = document.createElement("textarea");
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
  }
  return (
    <p>
      <button type="button" className="primary" onClick={() => void copy()} data-invitation={text}>
        {t("copyInvitation")}
      </button>{" "}
      <span role="status" data-testid="copied">
        {copied ? t("copied") : ""}
      </span>
    </p>
  );
}

/** Who is missing before the start: seats nobody took, players with no faction. */
function Missing({ players, seats }: { players: readonly Schemas["PlayerRead"][]; seats: number }) {
  const { t } = useI18n();
  const free = Math.max(0, seats - players.length);
  const noFaction = players.filter((p) => !p.faction);
  return (
    <section className="lobby-missing" data-testid="missing" aria-labelledby="missing-title">
      <h3 id="missing-title">{t("missingTitle")}</h3>
      <ul>
        {noFaction.length > 0 ? <li>{fill(t("missingFaction"), { names: noFaction.map((p) => (p.is_you ? `${p.name} (${t("you")})` : p.name)).join(", ") })}</li> : null}
        {free > 0 ? <li>{fill(t("missingSeat"), { count: free, max: seats })}</li> : null}
        {players.length > 0 && noFaction.length === 0 ? <li>{t("nobodyMissing")}</li> : null}
      </ul>
    </section>
  );
}
