// Moderation (issue 45): report a message, block users and bar them from my public campaigns
// (settings), and the operators' queue of reports, shown only to operators: the operator API
// answers anyone else as a path that does not exist, so a 404 hides the queue. Its own small
// dictionary (English, French) keeps the shared one untouched.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries } from "../settings/index.ts";
import { moderationQueries, useReport, useReportAction, useUserList, type ReportBody, type UserListPath } from "./api.ts";

const texts = {
  en: {
    report: "Report",
    reportReason: "Why do you report this?",
    reported: "Reported: the operators will read it.",
    send: "Send",
    cancel: "Cancel",
    blocks: "Blocked users",
    blocksHelp: "Their messages, join requests, seat offers and open seats stop reaching you. They are not told.",
    bars: "Barred from my public campaigns",
    barsHelp: "Their requests to join your public campaigns are refused.",
    username: "Username",
    block: "Block",
    bar: "Bar",
    undo: "Undo",
    none: "Nobody.",
    reportUser: "Report this user",
    queue: "Reports to review (operators)",
    noReports: "No open report.",
    about: "about",
    by: "by",
    hide: "Hide the message",
    suspend: "Suspend the user",
    resolve: "Resolve",
    why: "Reason (kept in the audit log)",
  },
  fr: {
    report: "Signaler",
    reportReason: "Pourquoi le signalez-vous ?",
    reported: "Signalé : les opérateurs le liront.",
    send: "Envoyer",
    cancel: "Annuler",
    blocks: "Utilisateurs bloqués",
    blocksHelp: "Leurs messages, demandes, offres de place et places ouvertes ne vous parviennent plus. Ils n'en sont pas informés.",
    bars: "Écartés de mes campagnes publiques",
    barsHelp: "Leurs demandes pour rejoindre vos campagnes publiques sont refusées.",
    username: "Nom d'utilisateur",
    block: "Bloquer",
    bar: "Écarter",
    undo: "Annuler",
    none: "Personne.",
    reportUser: "Signaler cet utilisateur",
    queue: "Signalements à traiter (opérateurs)",
    noReports: "Aucun signalement ouvert.",
    about: "concernant",
    by: "par",
    hide: "Masquer le message",
    suspend: "Suspendre l'utilisateur",
    resolve: "Clore",
    why: "Motif (gardé au journal)",
  },
} as const;

function useTexts() {
  const { lang } = useI18n();
  return texts[lang];
}


/** A "Report" button that asks for a reason and sends the report. */
export function ReportButton({ item }: { item: ReportBody }) {
  const m = useTexts();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const send = useReport(item, () => setOpen(false));
  if (send.isSuccess) return <span className="muted" role="status">{m.reported}</span>;
  if (!open) {
    return (
      <button type="button" className="link" onClick={() => setOpen(true)} data-testid="report">
        {m.report}
      </button>
    );
  }
  return (
    <form
      className="inline"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(reason);
      }}
    >
      <label>
        {m.reportReason} <input value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={2000} />
      </label>
      <button type="submit" disabled={send.isPending}>
        {m.send}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        {m.cancel}
      </button>
      <ProblemView error={send.error} />
    </form>
  );
}

/** One of my lists of users (blocks or bars): add by username, undo, and report the user. */
function UserList({ path, title, help, verb, testId }: { path: UserListPath; title: string; help: string; verb: string; testId: string }) {
  const m = useTexts();
  const { api } = useSession();
  const [username, setUsername] = useState("");
  const list = useQuery(moderationQueries.users(api, path));
  const { add, remove } = useUserList(path, () => setUsername(""));
  return (
    <section className="card" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`}>{title}</h2>
      <p className="muted">{help}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(username);
        }}
      >
        <label>
          {m.username} <input value={username} onChange={(e) => setUsername(e.target.value)} required pattern="[A-Za-z0-9_.\-]+" maxLength={32} />
        </label>{" "}
        <button type="submit" disabled={add.isPending}>
          {verb}
        </button>
      </form>
      <ProblemView error={add.error ?? remove.error ?? list.error} />
      {list.data && list.data.items.length === 0 ? <p className="muted">{m.none}</p> : null}
      <ul className="list">
        {list.data?.items.map((u) => (
          <li key={u.username}>
            <strong>{u.username}</strong> <span className="muted">{u.display_name}</span>{" "}
            <button type="button" onClick={() => remove.mutate(u.username)}>
              {m.undo}
            </button>{" "}
            <ReportButton item={{ kind: "user", username: u.username }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The settings' moderation: my blocks and my bars. */
export function ModerationSettings() {
  const m = useTexts();
  return (
    <>
      <UserList path="/v1/users/me/blocks" title={m.blocks} help={m.blocksHelp} verb={m.block} testId="blocks" />
      <UserList path="/v1/users/me/banned" title={m.bars} help={m.barsHelp} verb={m.bar} testId="bars" />
    </>
  );
}

/** The operators' queue: the open reports, each with what may be done about it. Shown to
 * operators only (`GET /v1/users/me`'s `operator`): nobody else asks for it, since the API
 * answers them 404, which the browser would log (issue 44). */
export function OperatorQueue() {
  const { api, token } = useSession();
  const me = useQuery({ ...accountQueries.me(api, token), enabled: token !== null, retry: false });
  return me.data?.operator ? <Queue /> : null;
}

function Queue() {
  const m = useTexts();
  const { api } = useSession();
  const [reason, setReason] = useState("");
  const reports = useQuery(moderationQueries.reports(api));
  const act = useReportAction();
  if (reports.error instanceof ApiError && reports.error.problem.status === 404) return null;
  if (!reports.data) return null;
  return (
    <section className="card" aria-labelledby="queue-title" data-testid="operator-queue">
      <h2 id="queue-title">{m.queue}</h2>
      <label>
        {m.why} <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} />
      </label>
      <ProblemView error={act.error} />
      {reports.data.items.length === 0 ? <p className="muted">{m.noReports}</p> : null}
      <ul className="list">
        {reports.data.items.map((r) => (
          <li key={r.id} data-report-id={r.id}>
            <strong>{r.kind}</strong> {m.about} {r.reported_user ?? "?"} ({m.by} {r.reporter ?? "?"}): <q>{r.excerpt}</q> — {r.reason}{" "}
            {r.kind === "message" && !r.message_hidden ? (
              <button type="button" disabled={!reason} onClick={() => act.mutate({ id: r.id, what: "hide", reason })}>
                {m.hide}
              </button>
            ) : null}{" "}
            {r.reported_user && !r.reported_user_suspended ? (
              <button type="button" disabled={!reason} onClick={() => act.mutate({ id: r.id, what: "suspend", username: r.reported_user, reason })}>
                {m.suspend}
              </button>
            ) : null}{" "}
            <button type="button" disabled={!reason} onClick={() => act.mutate({ id: r.id, what: "resolve", reason })}>
              {m.resolve}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
