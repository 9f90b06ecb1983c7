// The inbox: the user's notifications in every campaign, newest first, each linking into its
// campaign; mark one or all read. The header's badge counts the unread ones (`useUnreadCount`).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { clientPathOf, Link } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { inboxQueries, useMarkInboxRead } from "./api.ts";

/** How often the badge asks the server when nothing else refreshed it (ms). */
export const UNREAD_POLL_MS = 60_000;

/** The number of unread notifications (null until known), refetched every minute. */
export function useUnreadCount(enabled: boolean): number | null {
  const { api } = useSession();
  const unread = useQuery({
    ...inboxQueries.unread(api),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    retry: false,
  });
  return unread.data?.unread ?? null;
}

/** The header's link to the inbox, with the unread count as a badge. */
export function InboxLink({ unread }: { unread: number | null }) {
  const { t } = useI18n();
  return (
    <Link to="/inbox" className="inbox-link">
      {t("inbox")}
      {unread ? (
        <>
          {" "}
          <span className="badge" data-testid="unread-badge">
            {unread}
          </span>
          <span className="sr-only"> {t("unreadNotifications")}</span>
        </>
      ) : null}
    </Link>
  );
}

export function Inbox() {
  const { t, lang } = useI18n();
  const { api } = useSession();
  const pages = useInfiniteQuery(inboxQueries.pages(api));
  // The newest page's counts are the current ones; items of every loaded page, once each.
  const first = pages.data?.pages[0];
  const loaded = new Map((pages.data?.pages ?? []).flatMap((p) => p.items).map((item) => [item.id, item]));
  const { one: markOne, all: markAll } = useMarkInboxRead(api);
  // Newest first whatever order the server pages in.
  const items = [...loaded.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="card" aria-labelledby="inbox-title">
      <h2 id="inbox-title">{t("inbox")}</h2>
      {pages.isPending ? <p>{t("loading")}</p> : null}
      <ProblemView error={pages.error} />
      <ProblemView error={markOne.error ?? markAll.error} />
      {first ? (
        <>
          <p>
            {first.unread} {t("unreadNotifications")}{" "}
            <button type="button" onClick={() => markAll.mutate()} disabled={markAll.isPending || first.unread === 0}>
              {t("markAllRead")}
            </button>
          </p>
          {items.length === 0 ? <p className="muted">{t("noNotifications")}</p> : null}
          <ul className="list messages" aria-label={t("inbox")}>
            {items.map((item) => (
              <li key={item.id} className={item.read ? "" : "unread"} data-kind={item.kind}>
                <Link to={clientPathOf(item.link)}>{item.text || t(`kind_${item.kind}`)}</Link>{" "}
                <span className="muted">
                  {item.campaign.name} · {t("turn")} {item.turn} · <time dateTime={item.created_at}>{format.format(new Date(item.created_at))}</time>
                </span>
                {item.read ? (
                  <span className="muted"> · {t("read")}</span>
                ) : (
                  <span className="buttons">
                    <button type="button" onClick={() => markOne.mutate(item.id)} disabled={markOne.isPending}>
                      {t("markOneRead")}
                      <span className="sr-only">: {item.text}</span>
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {pages.hasNextPage ? (
            <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {t("showOlder")} ({first.total - items.length})
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
