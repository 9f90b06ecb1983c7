// A campaign's messages between players: the thread, a new message (no recipient until chosen).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { ReportButton } from "../moderation/index.ts";
import { messageQueries, useMessageMutations } from "./api.ts";

export function MessagesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const messages = useQuery(messageQueries.thread(api, campaignId));
  const players = useQuery(messageQueries.players(api, campaignId));
  // No recipient until one is chosen: a word meant for one never goes to everyone by default.
  const [to, setTo] = useState("");
  const [body, setBody] = useState("");
  const { send, markRead } = useMessageMutations(api, campaignId);
  const newest = messages.data?.items[0]?.id ?? 0;
  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(
            { to, body },
            {
              onSuccess: () => {
                setBody("");
                setTo("");
              },
            },
          );
        }}
      >
        <label>
          {t("to")}
          <select name="to" required value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">{t("chooseRecipient")}</option>
            <option value="all">{t("everyone")}</option>
            {players.data
              ?.filter((p) => !p.is_you)
              .map((p) => (
                <option key={p.number} value={p.number}>
                  {p.number}. {p.name}
                  {p.bot ? ` (${t("botMark")})` : ""}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t("body")}
          <textarea name="body" required value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        <ProblemView error={send.error} />
        <button type="submit" disabled={send.isPending || to === ""}>
          {t("send")}
        </button>
      </form>
      {newest ? (
        <button type="button" onClick={() => markRead.mutate(newest)} disabled={markRead.isPending}>
          {t("markRead")}
        </button>
      ) : null}
      <ul className="list messages" data-testid="messages">
        {messages.data?.items.map((m) => (
          <li key={m.id} className={m.read || m.sent_by_you ? "" : "unread"} data-message-id={m.id}>
            <strong>{m.sender.name}</strong> → {m.to_all ? t("everyone") : m.recipients.map((r) => r.name).join(", ")} ({t("turn")} {m.turn}
            {m.read || m.sent_by_you ? "" : `, ${t("unread")}`}): <span className="body">{m.body}</span>
            {m.sent_by_you ? null : <ReportButton item={{ kind: "message", campaign_id: campaignId, message_id: m.id }} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
