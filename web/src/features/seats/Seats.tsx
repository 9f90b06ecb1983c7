// Seats (R-CAMP-6/7/8): the seats offered to the user (accept / decline), and in a campaign the
// seat's own business: a vacation, offering one's seat to leave, and for the owner the handover
// of a seat to another user, the steward (an inactive seat) and the offers awaiting an answer;
// every seat's holders, from which turn to which.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { BotMark, SeatBotControls } from "../bots/index.ts";
import { BlockSeatButton } from "../messages/index.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { navigate } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { seatQueries, useAnswerSeatOffer, useOfferMySeat, useSeatActions, useVacation, useWithdrawSeatOffer } from "./api.ts";

/** The user's pending seat offers, on the campaigns page. */
export function SeatOffers() {
  const { t } = useI18n();
  const { api } = useSession();
  const offers = useQuery(seatQueries.offersToMe(api));
  const { accept, decline } = useAnswerSeatOffer((campaign) => navigate(`/campaigns/${campaign.id}`));
  const items = offers.data?.items ?? [];
  if (items.length === 0 && !offers.error) return null;
  return (
    <section className="card" aria-labelledby="offers-title" data-testid="seat-offers">
      <h2 id="offers-title">{t("seatOffers")}</h2>
      <ProblemView error={offers.error} />
      <ul className="list">
        {items.map((o) => (
          <li key={o.id} data-offer-id={o.id}>
            <strong>{o.campaign_name}</strong>{" "}
            <span className="muted">
              · {t("seat")} {o.number}
              {o.faction ? ` · ${o.faction}` : ""} · {o.campaign_status === "lobby" ? t("lobby") : `${t("turn")} ${o.turn}`} · {t("offeredBy")}{" "}
              {o.offered_by}
            </span>
            <span className="buttons">
              <button type="button" className="primary" onClick={() => accept.mutate(o)} disabled={accept.isPending}>
                {t("accept")} · {o.campaign_name}
              </button>
              <button type="button" onClick={() => decline.mutate(o)} disabled={decline.isPending}>
                {t("decline")} · {o.campaign_name}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <ProblemView error={accept.error ?? decline.error} />
    </section>
  );
}

/** The seats of a running campaign: mine (vacation, offer to leave) and, for the owner, all
 * (an owner who hands over their own seat becomes the game master, R-FOG-5). */
export function SeatsPanel({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const players = useQuery(seatQueries.players(api, campaign.id));
  const offerMine = useOfferMySeat(campaign.id);
  const me = players.data?.find((p) => p.is_you);
  return (
    <div data-testid="seats">
      <h3>{t("seats")}</h3>
      <ProblemView error={players.error} />
      <ul className="list">
        {players.data?.map((p) => (
          <SeatItem key={p.number} campaign={campaign} player={p} />
        ))}
      </ul>
      {me ? (
        <>
          <VacationForm campaignId={campaign.id} />
          <h3>{t("leaveSeat")}</h3>
          <p className="muted">{t("leaveSeatHint")}</p>
          <button type="button" onClick={() => offerMine.mutate(!me.offered)} disabled={offerMine.isPending}>
            {me.offered ? t("takeBackSeatOffer") : t("offerMySeat")}
          </button>
          <ProblemView error={offerMine.error} />
        </>
      ) : null}
      {campaign.is_owner ? <OwnerSeatOffers campaignId={campaign.id} /> : null}
    </div>
  );
}

function SeatItem({ campaign, player }: { campaign: Schemas["CampaignRead"]; player: Schemas["PlayerRead"] }) {
  const { t } = useI18n();
  const [username, setUsername] = useState("");
  const [made, setMade] = useState<Schemas["SeatOfferRead"] | null>(null);
  const { handover, steward } = useSeatActions(campaign.id, player.number, (offer) => {
    setMade(offer);
    setUsername("");
  });
  const flags = [
    player.is_you ? t("you") : null,
    player.is_owner ? t("owner") : null,
    player.inactive ? t("steward") : null,
    player.offered ? t("seatOffered") : null,
    player.vacant ? t("vacant") : null,
    player.civil_disorder ? t("civilDisorder") : null,
    player.vacation_until ? `${t("onVacationUntil")} ${new Date(player.vacation_until).toLocaleString()}` : null,
  ].filter((f) => f !== null);
  const inputId = `handover-${campaign.id}-${player.number}`;
  return (
    <li data-seat={player.number}>
      {player.number}. {player.name}
      {flags.length ? <span className="muted"> · {flags.join(" · ")}</span> : null}
      <BotMark bot={player.bot} />{" "}
      <BlockSeatButton campaignId={campaign.id} player={player} />
      <SeatBotControls campaign={campaign} player={player} />
      <SeatHolders campaignId={campaign.id} number={player.number} />
      {campaign.is_owner ? (
        <div>
          {player.bot ? <p className="muted">{t("botSeatHint")}</p> : null}
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              handover.mutate(username.trim());
            }}
          >
            <label htmlFor={inputId}>
              {t("handOverTo")} {player.number}
            </label>
            <input id={inputId} name="username" required placeholder={t("username")} value={username} onChange={(e) => setUsername(e.target.value)} />
            <button type="submit" disabled={handover.isPending}>
              {t("handOver")} #{player.number}
            </button>
          </form>{" "}
          {/* A bot never misses a turn: a steward is for a person's seat (R-CAMP-7). */}
          {!player.is_you && !player.bot ? (
            <button type="button" onClick={() => steward.mutate(!player.inactive)} disabled={steward.isPending}>
              {player.inactive ? t("stewardOff") : t("stewardOn")} #{player.number}
            </button>
          ) : null}
          {made ? (
            <p className="notice" role="status">
              {t("offerMade")} {made.username} ({t("seat")} {made.number})
            </p>
          ) : null}
          <ProblemView error={handover.error ?? steward.error} />
        </div>
      ) : null}
    </li>
  );
}

/** Who held the seat, from which turn to which (R-CAMP-6), fetched when opened. */
export function SeatHolders({ campaignId, number }: { campaignId: string; number: number }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const holders = useQuery(seatQueries.holders(api, campaignId, number, open));
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={`holders-${number}`}>
      <summary>
        {t("seatHolders")} {number}
      </summary>
      <ProblemView error={holders.error} />
      <ol className="list">
        {holders.data?.map((h, i) => (
          <li key={i} data-holder-from={h.from_turn}>
            {h.name ?? t("hiddenName")}
            {h.is_you ? ` (${t("you")})` : ""} · {t("turn")} {h.from_turn} → {h.to_turn ?? t("now")}
          </li>
        ))}
      </ol>
    </details>
  );
}

function VacationForm({ campaignId }: { campaignId: string }) {
  const { t, label } = useI18n();
  const { api } = useSession();
  const vacation = useQuery(seatQueries.vacation(api, campaignId));
  const [days, setDays] = useState("1");
  const { start, end } = useVacation(campaignId);
  const v = vacation.data;
  return (
    <div data-testid="vacation">
      <h3>{t("vacation")}</h3>
      <ProblemView error={vacation.error} />
      {v ? (
        <p>
          {v.until ? `${t("onVacationUntil")} ${new Date(v.until).toLocaleString()} · ` : ""}
          {label("daysUsed")} {v.days_used} · {label("daysLeft")} {v.days_left}
        </p>
      ) : null}
      {v?.until ? (
        <button type="button" onClick={() => end.mutate()} disabled={end.isPending}>
          {t("comeBack")}
        </button>
      ) : (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate(Number(days));
          }}
        >
          <label>
            {t("vacationDays")}
            <input type="number" name="days" min={1} required value={days} onChange={(e) => setDays(e.target.value)} />
          </label>
          <button type="submit" disabled={start.isPending}>
            {t("goOnVacation")}
          </button>
        </form>
      )}
      <ProblemView error={start.error ?? end.error} />
    </div>
  );
}

function OwnerSeatOffers({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const offers = useQuery(seatQueries.offers(api, campaignId));
  const withdraw = useWithdrawSeatOffer(campaignId);
  return (
    <div data-testid="owner-seat-offers">
      <h3>{t("pendingSeatOffers")}</h3>
      <ProblemView error={offers.error} />
      {offers.data?.length === 0 ? <p className="muted">{t("none")}</p> : null}
      <ul className="list">
        {offers.data?.map((o) => (
          <li key={o.id}>
            {t("seat")} {o.number} → {o.username} <span className="muted">({o.origin})</span>{" "}
            <button type="button" onClick={() => withdraw.mutate(o.id)} disabled={withdraw.isPending}>
              {t("withdrawOffer")} · {o.username}
            </button>
          </li>
        ))}
      </ul>
      <ProblemView error={withdraw.error} />
    </div>
  );
}
