import { useState, type FormEvent } from "react";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { Link, navigate } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { ProviderButtons } from "../settings/index.ts";
import { confirmPasswordReset, passwordGrant, register, requestPasswordReset } from "./api.ts";

/** Sign in, or sign up then sign in; a refused form keeps what was typed. */
export function Auth() {
  const { t } = useI18n();
  const { api, signIn } = useSession();
  const [mode, setMode] = useState<"in" | "up" | "forgot">("in");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === "up") {
        await register(api, username, password, displayName);
      }
      const grant = await passwordGrant(api, username, password);
      signIn(grant.access_token);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  if (mode === "forgot") return <ForgotPassword onBack={() => setMode("in")} />;
  return (
    <section className="card narrow" aria-labelledby="auth-title">
      <h2 id="auth-title">{mode === "in" ? t("signIn") : t("signUp")}</h2>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          {t("username")}
          <input name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        {mode === "up" ? (
          <label>
            {t("displayName")}
            <input name="display_name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
          </label>
        ) : null}
        <label>
          {t("password")}
          <input
            name="password"
            type="password"
            autoComplete={mode === "in" ? "current-password" : "new-password"}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <ProblemView error={error} />
        <button type="submit" disabled={busy}>
          {mode === "in" ? t("signIn") : t("signUp")}
        </button>
      </form>
      <ProviderButtons />
      <button type="button" className="link" onClick={() => setMode(mode === "in" ? "up" : "in")}>
        {mode === "in" ? t("needAccount") : t("haveAccount")}
      </button>
      {mode === "in" ? (
        <p>
          <button type="button" className="link" onClick={() => setMode("forgot")}>
            {t("forgotPassword")}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** Ask for a reset link; the server answers the same whether or not the address is known. */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [address, setAddress] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone((await requestPasswordReset(api, address.trim())).detail);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card narrow" aria-labelledby="forgot-title">
      <h2 id="forgot-title">{t("resetRequestTitle")}</h2>
      <p className="muted">{t("resetRequestHint")}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          {t("emailAddress")}
          <input name="address" type="email" autoComplete="email" required value={address} onChange={(e) => setAddress(e.target.value)} />
        </label>
        <ProblemView error={error} />
        {done ? (
          <p role="status" className="notice">
            {done}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {t("sendResetLink")}
        </button>
      </form>
      <button type="button" className="link" onClick={onBack}>
        {t("backToSignIn")}
      </button>
    </section>
  );
}

/** The page the reset email links to (`/reset-password?token=…`): set the new password. */
export function ResetPassword() {
  const { t } = useI18n();
  const { api } = useSession();
  // The token from the link's `?token=`; the field lets one paste it from the email's text too.
  const [token, setToken] = useState(() => new URLSearchParams(window.location.search).get("token") ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await confirmPasswordReset(api, token, password);
      setDone(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h2 id="reset-title">{t("resetTitle")}</h2>
      {done ? (
        <p role="status" className="notice">
          {t("resetDone")}{" "}
          <button type="button" className="link" onClick={() => navigate("/")}>
            {t("signIn")}
          </button>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <label>
            {t("resetToken")}
            <input name="token" autoComplete="off" required minLength={16} value={token} onChange={(e) => setToken(e.target.value.trim())} />
          </label>
          <label>
            {t("newPassword")}
            <input name="new_password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <ProblemView error={error} />
          <button type="submit" disabled={busy}>
            {t("setPassword")}
          </button>
        </form>
      )}
      <p>
        <Link to="/">{t("backToSignIn")}</Link>
      </p>
    </section>
  );
}
