// "Block" on a message's sender and on a seat of the players' list (issue 44): a confirmation
// first, then the seat's holder is blocked in this campaign; "Unblock" undoes it. The seat, not
// a username: under anonymity the page never learns who holds it, and neither does the block.
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { fill, useI18n } from "../../i18n.tsx";
import { useSeatBlock } from "./api.ts";

/** Whether a seat can be blocked: held by someone else (a person, not a bot or nobody). */
export function blockable(player: Schemas["PlayerRead"]): boolean {
  return !player.is_you && !player.vacant && !player.bot;
}

export function BlockSeatButton({ campaignId, player }: { campaignId: string; player: Schemas["PlayerRead"] }) {
  const { t } = useI18n();
  const seatBlock = useSeatBlock(campaignId);
  const [asking, setAsking] = useState(false);
  if (!blockable(player)) return null;
  const name = player.name;
  if (player.blocked) {
    return (
      <span className="seat-block">
        <span className="muted">{t("seatBlocked")}</span>{" "}
        <button type="button" className="link" onClick={() => seatBlock.mutate({ number: player.number, block: false })} disabled={seatBlock.isPending}>
          {fill(t("unblockSeat"), { name })}
        </button>
        <ProblemView error={seatBlock.error} />
      </span>
    );
  }
  if (!asking) {
    return (
      <button type="button" className="link" onClick={() => setAsking(true)} aria-label={fill(t("blockSeat"), { name })}>
        {t("block")}
      </button>
    );
  }
  const id = `block-${campaignId}-${player.number}`;
  return (
    <div className="confirm" role="group" aria-labelledby={id} data-testid="block-confirm">
      <p id={id}>{fill(t("blockSeatConfirm"), { name })}</p>
      <button
        type="button"
        className="danger"
        onClick={() => seatBlock.mutate({ number: player.number, block: true }, { onSuccess: () => setAsking(false) })}
        disabled={seatBlock.isPending}
      >
        {fill(t("blockSeat"), { name })}
      </button>{" "}
      <button type="button" onClick={() => setAsking(false)}>
        {t("cancel")}
      </button>
      <ProblemView error={seatBlock.error} />
    </div>
  );
}
