import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, ok } from "./api/client.ts";
import { ProblemView } from "./components/ProblemView.tsx";
import { useI18n, type Lang } from "./i18n.tsx";
import { Link, useRoute } from "./router.tsx";
import { Auth, ResetPassword } from "./screens/Auth.tsx";
import { Campaigns, JoinCampaign } from "./screens/Campaigns.tsx";
import { Game } from "./screens/Game.tsx";
import { Inbox, InboxLink, useUnreadCount } from "./screens/Inbox.tsx";
import { Lobby } from "./screens/Lobby.tsx";
import { FindGame } from "./screens/FindGame.tsx";
import { SpectatorScreen, WatchList } from "./screens/Spectate.tsx";
import { useChooseLanguage, useSavedLanguage } from "./screens/Settings.tsx";
import { useSession } from "./session.tsx";

export function App() {
  const { t, lang } = useI18n();
  const { choose } = useChooseLanguage();
  const { token, signOut, api } = useSession();
  const route = useRoute();
  const user = useQuery({
    queryKey: ["me", token],
    queryFn: async () => ok(await api.GET("/v1/users/me")),
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
        Skip to content
      </a>
      <header className="top">
        <h1>
          <Link to="/">{t("appName")}</Link>
        </h1>
        <nav aria-label="account">
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
      <main id="main">
        {route.name === "reset" ? (
          <ResetPassword />
        ) : !token ? (
          <Auth />
        ) : route.name === "campaign" ? (
          <CampaignScreen id={route.id} />
        ) : route.name === "watch" ? (
          <SpectatorScreen id={route.id} />
        ) : route.name === "inbox" ? (
          <Inbox />
        ) : (
          <>
            <Campaigns />
            <FindGame />
            <WatchList />
          </>
        )}
      </main>
    </>
  );
}

function CampaignScreen({ id }: { id: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const campaign = useQuery({
    queryKey: ["campaign", id, "detail"],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}", { params: { path: { campaign_id: id } } })),
    retry: false,
  });
  const invite = new URLSearchParams(window.location.search).get("invite") ?? "";
  return (
    <>
      <p>
        <Link to="/">← {t("back")}</Link>
      </p>
      {campaign.isPending ? <p>{t("loading")}</p> : null}
      {campaign.error ? (
        <>
          <ProblemView error={campaign.error} />
          <JoinCampaign initialId={id} initialCode={invite} />
        </>
      ) : null}
      {campaign.data ? campaign.data.status === "lobby" ? <Lobby campaign={campaign.data} /> : <Game campaign={campaign.data} /> : null}
    </>
  );
}
