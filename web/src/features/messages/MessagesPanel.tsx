// The campaign's messages as threads per correspondent (issue 44, as webDiplomacy and
// Backstabbr show them): each other player and the table (everyone) with the newest message
// and the unread count; a thread opens as the conversation in order with a reply box, and
// opening it marks that thread read, only it (the server keeps a mark per thread). A new
// message has no recipient until one is chosen, never "Everyone" by default.
import { useEffect, useRef, useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { fill, useI18n } from "../../i18n.tsx";
import { ReportButton } from "../moderation/index.ts";
import { BlockSeatButton } from "./BlockSeat.tsx";
import { TABLE, useMarkRead, useMarkThreadRead, usePlayers, useSend, useThread, useThreads } from "./api.ts";

export function MessagesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const threads = useThreads(campaignId);
  const players = usePlayers(campaignId);
  const markRead = useMarkRead(campaignId);
  const [open, setOpen] = useState<number | null>(null);
  const items = threads.data?.items ?? [];
  // The newest message of all: "Mark all read" marks it and every older one.
  const newest = items.reduce<Schemas["MessageRead"] | null>((best, th) => (th.last && (!best || Date.parse(th.last.sent_at) > Date.parse(best.sent_at)) ? th.last : best), null);
  const unread = items.reduce((sum, th) => sum + th.unread, 0);
  const current = open === null ? null : (items.find((th) => (th.correspondent?.number ?? TABLE) === open) ?? null);
  return (
    <div className="messages-panel">
      <h3 id={`threads-${campaignId}`}>{t("conversations")}</h3>
      <ProblemView error={threads.error} />
      <ul className="threads" data-testid="messages" aria-labelledby={`threads-${campaignId}`}>
        {items.map((th) => {
          const number = th.correspondent?.number ?? TABLE;
          const player = players.data?.find((p) => p.number === number);
          return (
            <li key={number} data-thread={number} className={th.unread ? "unread" : undefined}>
              <button type="button" className="thread" aria-current={open === number ? "true" : undefined} onClick={() => setOpen(number)}>
                <span className="thread-name">
                  {th.correspondent ? th.correspondent.name : t("everyone")}
                  {player?.blocked ? <span className="muted"> · {t("seatBlocked")}</span> : null}
                  {th.unread ? (
                    <span className="badge">
                      <span aria-hidden="true">{th.unread}</span>
                      <span className="sr-only">{t("unreadInThread", { count: th.unread })}</span>
                    </span>
                  ) : null}
                </span>
                <span className="thread-last muted">{th.last ? `${th.last.sent_by_you ? `${t("youWrote")} ` : ""}${th.last.body}` : t("noMessageYet")}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {unread && newest ? (
        <button type="button" onClick={() => markRead.mutate(newest.id)} disabled={markRead.isPending}>
          {t("markRead")}
        </button>
      ) : null}
      <ProblemView error={markRead.error} />
      {open !== null ? (
        <Conversation
          key={open}
          campaignId={campaignId}
          thread={open}
          name={open === TABLE ? t("everyone") : (current?.correspondent ? current.correspondent.name : `#${open}`)}
          unread={current?.unread ?? 0}
          players={players.data ?? []}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <NewMessage campaignId={campaignId} players={players.data ?? []} onSent={setOpen} />
    </div>
  );
}

/** One conversation, oldest first, with older pages on demand and a reply box; while it is
 * open, what it shows is read (a message arriving live is marked as it appears). */
function Conversation({ campaignId, thread, name, unread, players, onClose }: { campaignId: string; thread: number; name: string; unread: number; players: readonly Schemas["PlayerRead"][]; onClose: () => void }) {
  const { t } = useI18n();
  const pages = useThread(campaignId, thread);
  const send = useSend(campaignId);
  const markThread = useMarkThreadRead(campaignId);
  const { mutate: markRead } = markThread;
  // The newest message shown: marked once (a refetch showing the same one asks nothing).
  const newestId = pages.data?.pages[0]?.items[0]?.id;
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (newestId === undefined || unread === 0 || marked.current === newestId) return;
    marked.current = newestId;
    markRead({ thread, upTo: newestId });
  }, [newestId, unread, thread, markRead]);
  const [reply, setReply] = useState("");
  const messages = (pages.data?.pages ?? []).flatMap((p) => p.items).reverse();
  const me = players.find((p) => p.is_you)?.number;
  const titleId = `thread-title-${campaignId}`;
  return (
    <section className="conversation" aria-labelledby={titleId} data-testid="thread" data-thread={thread}>
      <h3 id={titleId}>{thread === TABLE ? t("tableThread") : fill(t("conversationWith"), { name })}</h3>
      <button type="button" className="link" onClick={onClose}>
        {t("backToConversations")}
      </button>
      <ProblemView error={pages.error} />
      <ProblemView error={markThread.error} />
      {pages.hasNextPage ? (
        <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {t("olderMessages")}
        </button>
      ) : null}
      {pages.isSuccess && messages.length === 0 ? <p className="muted">{t("noMessageYet")}</p> : null}
      <ol className="conversation-messages" data-testid="thread-messages">
        {messages.map((m) => {
          const sender = players.find((p) => p.number === m.sender.number);
          // Who else it went to, when that is not just the two of you.
          const others = m.recipients.filter((r) => r.number !== thread && r.number !== me);
          return (
            <li key={m.id} data-message-id={m.id} className={m.sent_by_you ? "mine" : m.read ? undefined : "unread"}>
              <div className="message-head">
                <strong>{m.sent_by_you ? t("youSender") : m.sender.name}</strong>
                {!m.to_all && others.length > 0 ? <span className="muted"> → {others.map((r) => r.name).join(", ")}</span> : null}
                <span className="muted">
                  {" "}
                  · {t("turn")} {m.turn} · <time dateTime={m.sent_at}>{new Date(m.sent_at).toLocaleString()}</time>
                  {m.read || m.sent_by_you ? "" : ` · ${t("unread")}`}
                </span>
              </div>
              <p className="body">{m.body}</p>
              {m.sent_by_you ? null : (
                <div className="message-actions">
                  <ReportButton item={{ kind: "message", campaign_id: campaignId, message_id: m.id }} />
                  {sender ? <BlockSeatButton campaignId={campaignId} player={sender} /> : null}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate({ to: thread === TABLE ? "all" : thread, body: reply }, { onSuccess: () => setReply("") });
        }}
      >
        <label>
          {thread === TABLE ? t("replyToEveryone") : fill(t("replyTo"), { name })}
          <textarea name="reply" required value={reply} onChange={(e) => setReply(e.target.value)} />
        </label>
        <ProblemView error={send.error} />
        <button type="submit" disabled={send.isPending || reply.trim() === ""}>
          {t("reply")}
        </button>
      </form>
    </section>
  );
}

/** A new message: no recipient until one is chosen; sent, its conversation opens. */
function NewMessage({ campaignId, players, onSent }: { campaignId: string; players: readonly Schemas["PlayerRead"][]; onSent: (thread: number) => void }) {
  const { t } = useI18n();
  const send = useSend(campaignId);
  const [to, setTo] = useState("");
  const [body, setBody] = useState("");
  return (
    <form
      className="new-message"
      aria-labelledby={`new-message-${campaignId}`}
      onSubmit={(e) => {
        e.preventDefault();
        const recipient = to === "all" ? "all" : Number(to);
        send.mutate(
          { to: recipient, body },
          {
            onSuccess: () => {
              setBody("");
              setTo("");
              onSent(recipient === "all" ? TABLE : recipient);
            },
          },
        );
      }}
    >
      <h3 id={`new-message-${campaignId}`}>{t("newMessage")}</h3>
      <label>
        {t("to")}
        <select name="to" required value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">{t("chooseRecipient")}</option>
          <option value="all">{t("everyone")}</option>
          {players
            .filter((p) => !p.is_you)
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
  );
}
