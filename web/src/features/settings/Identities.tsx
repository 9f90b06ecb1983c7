// Signing in with another provider (OpenID Connect, Discord): the sign-in screen's buttons, the
// page the server returns to (`/oidc#ticket=…`), and the identities of the account in Settings.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { ProblemView } from "../../components/ProblemView.tsx";
import { fill, useI18n, type Key } from "../../i18n.tsx";
import { Link, navigate } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries, useIdentityActions, useOidcSignIn } from "./api.ts";

/** A path of this client to go back to, never another site's (`//evil`, `/\evil`, `https:`). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return /^[\x21-\x7e]*$/.test(value) ? value : "/";
}

/** The fragment the server's redirect carries (`ticket`, `signup`, `linked`, `error`, `return_to`). */
export function readFragment(hash: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(hash.replace(/^#/, "")));
}

function useProviders() {
  const { api } = useSession();
  return useQuery(accountQueries.providers(api));
}

/** "Sign in with …" for each configured provider: a full-page visit to the server's start. */
export function ProviderButtons() {
  const { t } = useI18n();
  const providers = useProviders();
  if (!providers.data?.length) return null;
  return (
    <div className="providers" aria-label={t("oidcOr")}>
      <p className="muted">{t("oidcOr")}</p>
      {providers.data.map((p) => (
        <a
          key={p.id}
          className="button"
          data-testid={`oidc-${p.id}`}
          href={`/v1/auth/oidc/${encodeURIComponent(p.id)}/start?return_to=${encodeURIComponent("/")}`}
        >
          {fill(t("oidcSignInWith"), { name: p.name })}
        </a>
      ))}
    </div>
  );
}

/** What a refused sign-in says, by the server's `error` code (the rest: start again). */
const OIDC_ERRORS: Record<string, Key> = {
  oidc_denied: "oidcDenied",
  oidc_state: "oidcStale",
  oidc_provider: "oidcProviderRefused",
  oidc_token: "oidcProviderRefused",
  identity_taken: "oidcIdentityTaken",
};

export function oidcErrorKey(code: string | undefined): Key {
  return (code !== undefined && Object.hasOwn(OIDC_ERRORS, code) ? OIDC_ERRORS[code] : undefined) ?? "oidcFailed";
}

/** Where a provider's sign-in lands: the ticket becomes a session, or names a new account. */
export function OidcReturn() {
  const { t } = useI18n();
  const { signIn } = useSession();
  // Read once, then wiped from the address bar and history: the ticket is a one-time secret.
  const [fragment] = useState(() => readFragment(window.location.hash));
  const back = safeReturnPath(fragment["return_to"]);
  const [username, setUsername] = useState("");
  const [displayName, setDisplayName] = useState("");
  const { exchange, complete } = useOidcSignIn((grant) => {
    signIn(grant.access_token);
    navigate(back);
  });
  useEffect(() => {
    window.history.replaceState(null, "", "/oidc");
    if (fragment["ticket"] && fragment["signup"] === "0") exchange.mutate(fragment["ticket"]);
    // Once, at the landing (the ticket is a one-time secret).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    complete.mutate({ ticket: fragment["ticket"] ?? "", username, display_name: displayName.trim() || null });
  }

  let body;
  if (fragment["linked"]) {
    body = (
      <p role="status" className="notice">
        {t("oidcLinked")} <Link to={back}>{t("oidcContinue")}</Link>
      </p>
    );
  } else if (fragment["error"] || !fragment["ticket"]) {
    body = (
      <p role="alert" className="problem">
        {t(oidcErrorKey(fragment["error"]))}{" "}
        {back === "/" ? <Link to="/">{t("backToSignIn")}</Link> : <Link to={back}>{t("oidcContinue")}</Link>}
      </p>
    );
  } else if (fragment["signup"] === "1") {
    body = (
      <form onSubmit={submit}>
        <p className="muted">{t("oidcChooseUsername")}</p>
        <label>
          {t("username")}
          <input name="username" autoComplete="username" required minLength={3} maxLength={32} value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label>
          {t("displayName")}
          <input name="display_name" maxLength={64} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </label>
        <ProblemView error={complete.error} />
        <button type="submit" disabled={complete.isPending}>
          {t("signUp")}
        </button>
      </form>
    );
  } else {
    body = (
      <>
        {exchange.isPending ? <p>{t("loading")}</p> : null}
        <ProblemView error={exchange.error} />
        {exchange.error ? <Link to="/">{t("backToSignIn")}</Link> : null}
      </>
    );
  }
  return (
    <section className="card narrow" aria-labelledby="oidc-title">
      <h2 id="oidc-title">{fragment["signup"] === "1" ? t("signUp") : t("signIn")}</h2>
      {body}
    </section>
  );
}

/** Settings: the identities that sign in to my account; link another, unlink one (never the last way in). */
export function IdentitySettings() {
  const { t } = useI18n();
  const { api } = useSession();
  const providers = useProviders();
  const identities = useQuery(accountQueries.identities(api, (providers.data?.length ?? 0) > 0));
  const [password, setPassword] = useState("");
  const [firstPassword, setFirstPassword] = useState("");
  const { link, setFirst, unlink } = useIdentityActions(() => setFirstPassword(""));
  if (!providers.data?.length) return null;
  const names = Object.fromEntries(providers.data.map((p) => [p.id, p.name]));
  const list = identities.data?.identities ?? [];
  const lastWayIn = identities.data !== undefined && !identities.data.password && list.length <= 1;
  return (
    <section className="card" aria-labelledby="identities-title">
      <h2 id="identities-title">{t("oidcIdentities")}</h2>
      <p className="muted">{t("oidcIdentitiesHelp")}</p>
      {list.length === 0 && identities.data ? <p>{t("oidcNoIdentity")}</p> : null}
      <ul className="list">
        {list.map((identity) => (
          <li key={identity.id}>
            {names[identity.provider] ?? identity.provider}
            {identity.label ? <span className="muted"> ({identity.label})</span> : null}{" "}
            <button type="button" disabled={lastWayIn || unlink.isPending} title={lastWayIn ? t("oidcLastWayIn") : undefined} onClick={() => unlink.mutate(identity.id)}>
              {t("oidcUnlink")}
            </button>
          </li>
        ))}
      </ul>
      <ProblemView error={unlink.error ?? identities.error} />
      {identities.data?.password ? (
        <>
          <label>
            {t("currentPassword")}
            <input name="identity_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <p className="muted">{t("currentPasswordHint")}</p>
        </>
      ) : null}
      {identities.data && !identities.data.password ? (
        <form
          aria-label={t("setPassword")}
          onSubmit={(event) => {
            event.preventDefault();
            setFirst.mutate(firstPassword);
          }}
        >
          <p className="muted">{t("oidcFirstPassword")}</p>
          <label>
            {t("newPassword")}
            <input name="first_password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} value={firstPassword} onChange={(e) => setFirstPassword(e.target.value)} />
          </label>
          <ProblemView error={setFirst.error} />
          <button type="submit" disabled={setFirst.isPending}>
            {t("setPassword")}
          </button>
        </form>
      ) : null}
      {setFirst.isSuccess ? <p role="status" className="notice">{t("oidcPasswordSet")}</p> : null}
      {providers.data.map((p) => (
        <button key={p.id} type="button" disabled={link.isPending} onClick={() => link.mutate({ provider: p.id, body: { return_to: "/", ...(password ? { current_password: password } : {}) } })}>
          {fill(t("oidcLinkWith"), { name: p.name })}
        </button>
      ))}
      <ProblemView error={link.error} />
    </section>
  );
}
