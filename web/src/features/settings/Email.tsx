// The account's email address (asked of the server once its section is opened).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Disclosure } from "../../components/Disclosure.tsx";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries, useEmailAddress } from "./api.ts";

/** The user's email address: set (a confirmation is sent), whether it is confirmed, remove. */
export function EmailSettings() {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">{t("emailAddress")}</h2>
      <Disclosure summary={t("showEmail")}>
        <EmailAddress />
      </Disclosure>
    </section>
  );
}

/** The address and its form, asked of the server once opened (no address yet: 404, "none"). */
function EmailAddress() {
  const { t } = useI18n();
  const { api } = useSession();
  // 404: no address yet — not an error to show.
  const current = useQuery(accountQueries.email(api));
  const [address, setAddress] = useState("");
  // The server asks for it unless this session signed in within the last minutes (issue 42).
  const [password, setPassword] = useState("");
  const { set, remove } = useEmailAddress(() => {
    setAddress("");
    setPassword("");
  });
  const email = current.data ?? null;
  return (
    <>
      <ProblemView error={current.error} />
      {email ? (
        <p data-testid="email-current">
          <code>{email.address}</code> — {email.confirmed ? t("emailConfirmed") : t("emailUnconfirmed")}
          {email.unsubscribed ? ` — ${t("emailUnsubscribed")}` : ""}{" "}
          <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t("delete")}
          </button>
        </p>
      ) : current.isSuccess ? (
        <p className="muted">{t("noEmail")}</p>
      ) : null}
      <ProblemView error={remove.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set.mutate({ address: address.trim(), ...(password ? { current_password: password } : {}) });
        }}
      >
        <label>
          {email ? t("changeEmail") : t("setEmail")}
          <input name="email" type="email" autoComplete="email" required value={address} onChange={(e) => setAddress(e.target.value)} />
        </label>
        <label>
          {t("currentPassword")}
          <input name="current_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <p className="muted">{t("currentPasswordHint")}</p>
        <ProblemView error={set.error} />
        <button type="submit" disabled={set.isPending}>
          {t("save")}
        </button>
        {set.isSuccess ? (
          <span role="status" className="muted">
            {" "}
            {t("emailSent")}
          </span>
        ) : null}
      </form>
    </>
  );
}
