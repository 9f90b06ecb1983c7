// The app: the header (language, inbox, account) and the page a route shows.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "./api/client.ts";
import { Auth, ResetPassword } from "./features/auth/index.ts";
import { Inbox, InboxLink, useUnreadCount } from "./features/messages/index.ts";
import { PwaBanners } from "./features/pwa/index.ts";
import { accountQueries, OidcReturn, useChooseLanguage, useSavedLanguage } from "./features/settings/index.ts";
import { SpectatorScreen } from "./features/spectate/index.ts";
import { useI18n, type Lang } from "./i18n.tsx";
import { Link, useRoute } from "./lib/router.tsx";
import { useSession } from "./lib/session.tsx";
import { CampaignPage } from "./pages/CampaignPage.tsx";
import { HomePage } from "./pages/HomePage.tsx";

export function App() {
  const { t, lang } = useI18n();
  const { choose } = useChooseLanguage();
  const { token, signOut, api } = useSession();
  const route = useRoute();
  const user = useQuery({
    ...accountQueries.me(api, token),
    enabled: token !== null,
    retry: false,
  });
  useSavedLanguage(user.data?.language);
  // A token the server no longer accepts (expired, revoked): back to the sign-in form.
  const unread = useUnreadCount(token !== null);
  const expired = user.error instanceof ApiError && user.error.problem.status === 401;
  useEffect(() => {
    if (expired) signOut();
  }, [expired, signOut]);
  return (
    <>
      <a className="skip" href="#main">
        {t("skipToContent")}
      </a>
      <header className="top">
        <h1>
          <Link to="/">{t("appName")}</Link>
        </h1>
        <nav aria-label={t("accountNav")}>
          <label className="inline">
            {t("language")}{" "}
            <select value={lang} onChange={(e) => choose(e.target.value as Lang)}>
              <option value="en">English</option>
              <option value="fr">Français</option>
            </select>
          </label>
          {token ? (
            <>
              <InboxLink unread={unread} />
              <span className="muted" data-testid="user">
                {user.data?.display_name ?? ""}
              </span>
              <button type="button" onClick={signOut}>
                {t("signOut")}
              </button>
            </>
          ) : null}
        </nav>
      </header>
      <PwaBanners />
      <main id="main">
        {route.name === "reset" ? (
          <ResetPassword />
        ) : route.name === "oidc" ? (
          <OidcReturn />
        ) : !token ? (
          <Auth />
        ) : route.name === "campaign" ? (
          <CampaignPage id={route.id} />
        ) : route.name === "watch" ? (
          <SpectatorScreen id={route.id} />
        ) : route.name === "inbox" ? (
          <Inbox />
        ) : (
          <HomePage />
        )}
      </main>
    </>
  );
}
