// The UI's language: chosen in the header or the settings, saved to the account.
import { useEffect } from "react";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n, type Lang } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { useSaveLanguage } from "./api.ts";

/** Choosing a language: the UI switches at once and, signed in, the account keeps the choice
 * (`PATCH /v1/users/me`), so the server writes in it (problems, summaries, emails) everywhere. */
export function useChooseLanguage() {
  const { setLang } = useI18n();
  const { token } = useSession();
  const save = useSaveLanguage();
  return {
    save,
    choose: (next: Lang) => {
      setLang(next);
      if (token !== null) save.mutate(next);
    },
  };
}

/** At sign-in, the language saved to the account (`GET /v1/users/me`) becomes the UI's. */
export function useSavedLanguage(saved: Lang | null | undefined) {
  const { lang, setLang } = useI18n();
  useEffect(() => {
    if (saved && saved !== lang) setLang(saved);
    // Only a new saved value applies: a switch made since is the account's next value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
}

/** The language choice of the settings, saved to the account. */
export function LanguageSettings() {
  const { t, lang } = useI18n();
  const { choose, save } = useChooseLanguage();
  return (
    <section className="card" aria-labelledby="language-title">
      <h2 id="language-title">{t("language")}</h2>
      <p className="muted">{t("languageHelp")}</p>
      <label>
        {t("accountLanguage")}
        <select name="language" value={lang} onChange={(e) => choose(e.target.value as Lang)}>
          <option value="en">English</option>
          <option value="fr">Français</option>
        </select>
      </label>
      <ProblemView error={save.error} />
      {save.isSuccess ? (
        <span role="status" className="muted">
          {t("saved")}
        </span>
      ) : null}
    </section>
  );
}
