import { useState, type FormEvent } from "react";
import { ok } from "../api/client.ts";
import { ProblemView } from "../components/ProblemView.tsx";
import { useI18n } from "../i18n.tsx";
import { useSession } from "../session.tsx";

/** Sign in, or sign up then sign in; a refused form keeps what was typed. */
export function Auth() {
  const { t } = useI18n();
  const { api, signIn } = useSession();
  const [mode, setMode] = useState<"in" | "up">("in");
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
        ok(await api.POST("/v1/users", { body: { username, password, display_name: displayName || username } }));
      }
      const grant = ok(
        await api.POST("/v1/auth/token", {
          body: { username, password, scope: "" },
          bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      );
      signIn(grant.access_token);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow" aria-labelledby="auth-title">
      <h2 id="auth-title">{mode === "in" ? t("signIn") : t("signUp")}</h2>
      <form onSubmit={submit}>
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
      <button type="button" className="link" onClick={() => setMode(mode === "in" ? "up" : "in")}>
        {mode === "in" ? t("needAccount") : t("haveAccount")}
      </button>
    </section>
  );
}
