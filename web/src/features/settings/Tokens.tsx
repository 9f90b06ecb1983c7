import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries, useTokenActions } from "./api.ts";

/** Personal access tokens for scripts (and the login sessions), created and revoked here. */
export function Tokens() {
  const { t } = useI18n();
  const { api } = useSession();
  const tokens = useQuery(accountQueries.tokens(api));
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  // `play` (the default) cannot change the account's address, password or tokens; `account`
  // can, and needs the current password (unless this session signed in minutes ago).
  const [scope, setScope] = useState<Schemas["TokenScope"]>("play");
  const [password, setPassword] = useState("");
  const { create, revoke } = useTokenActions(() => {
    setName("");
    setPassword("");
  });
  return (
    <section className="card" aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t("tokens")}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, expires_in_days: days ? Number(days) : null, scope, ...(scope === "account" && password ? { current_password: password } : {}) });
        }}
      >
        <label>
          {t("name")}
          <input name="token_name" required maxLength={64} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t("expiresInDays")}
          <input type="number" min={1} max={3650} value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <label>
          {t("tokenScope")}
          <select name="scope" value={scope} onChange={(e) => setScope(e.target.value as Schemas["TokenScope"])}>
            <option value="play">{t("scopePlay")}</option>
            <option value="account">{t("scopeAccount")}</option>
          </select>
        </label>
        {scope === "account" ? (
          <label>
            {t("currentPassword")}
            <input name="current_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
        ) : null}
        <ProblemView error={create.error} />
        <button type="submit" disabled={create.isPending}>
          {t("createToken")}
        </button>
      </form>
      {create.data ? (
        <p className="notice">
          {t("tokenOnce")} <code data-testid="new-token">{create.data.token}</code>
        </p>
      ) : null}
      <ul className="list">
        {tokens.data?.items.map((token) => (
          <li key={token.id}>
            {token.name ?? token.kind} <span className="muted">({token.kind}, {token.scope}{token.expires_at ? `, → ${token.expires_at.slice(0, 10)}` : ""})</span>{" "}
            {token.current ? null : (
              <button type="button" onClick={() => revoke.mutate(token.id)}>
                {t("revoke")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <ProblemView error={revoke.error ?? tokens.error} />
    </section>
  );
}

/** What happened to the account, newest first: every sign-in, new token and change of address
 * (each also emailed to the confirmed address), to spot one that was not the user. */
export function AccountNotices() {
  const { t, lang } = useI18n();
  const { api } = useSession();
  // The texts are said in the request's language: asked again when it changes.
  const notices = useQuery(accountQueries.accountNotices(api, lang));
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="card" aria-labelledby="notices-title">
      <h2 id="notices-title">{t("accountNotices")}</h2>
      <p className="muted">{t("accountNoticesHint")}</p>
      <ProblemView error={notices.error} />
      <ul className="list" data-testid="account-notices">
        {notices.data?.items.map((notice) => (
          <li key={notice.id}>
            <time dateTime={notice.created_at}>{format.format(new Date(notice.created_at))}</time> — {notice.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
