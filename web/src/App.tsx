import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, ok, type Schemas } from "./api/client.ts";
import { ProblemView } from "./components/ProblemView.tsx";
import { useI18n, type Lang } from "./i18n.tsx";
import { Link, useRoute } from "./router.tsx";
import { Auth, ResetPassword } from "./screens/Auth.tsx";
import { Campaigns, JoinCampaign } from "./screens/Campaigns.tsx";
import { Game } from "./screens/Game.tsx";
import { OidcReturn } from "./screens/Identities.tsx";
import { Inbox, InboxLink, useUnreadCount } from "./screens/Inbox.tsx";
import { Lobby } from "./screens/Lobby.tsx";
import { FindGame } from "./screens/FindGame.tsx";
import { SpectatorScreen, WatchList } from "./screens/Spectate.tsx";
import { useChooseLanguage, useSavedLanguage } from "./screens/Settings.tsx";
import { PwaBanners } from "./pwa/Banners.tsx";
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
        {t("skipToContent")}
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
      <PwaBanners />
      <main id="main">
        {route.name === "reset" ? (
          <ResetPassword />
        ) : route.name === "oidc" ? (
          <OidcReturn />
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

/** How often a lobby asks whether its campaign started: nothing is published when it does
 * (the stream tells players of a running campaign), so the waiting players follow the start
 * by reading the campaign's status, and move to the game page when it changes. */
export const LOBBY_POLL_MS = 2000;

/** Every campaign of mine (owned or played), all pages of `GET /v1/campaigns`. */
async function allMyCampaigns(api: ReturnType<typeof useSession>["api"]): Promise<Schemas["CampaignRead"][]> {
  const all: Schemas["CampaignRead"][] = [];
  for (let page = 0; page < 50; page++) {
    const result = ok(await api.GET("/v1/campaigns", { params: { query: { limit: 100, offset: all.length } } }));
    all.push(...result.items);
    if (result.items.length === 0 || all.length >= result.total) break;
  }
  return all;
}

function CampaignScreen({ id }: { id: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const invite = new URLSearchParams(window.location.search).get("invite") ?? "";
  // An invitation's link opened by someone not in the campaign yet: its detail would answer 404
  // (which the browser logs as an error, and the page showed as "Campaign not found" above the
  // join form). The list of my campaigns says so without asking for what is absent by design.
  const mine = useQuery({ queryKey: ["campaigns", "all"], queryFn: () => allMyCampaigns(api), enabled: invite !== "" });
  const invited = invite !== "" && mine.data !== undefined && !mine.data.some((c) => c.id === id);
  const campaign = useQuery({
    queryKey: ["campaign", id, "detail"],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}", { params: { path: { campaign_id: id } } })),
    enabled: invite === "" || (mine.data !== undefined && !invited),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === "lobby" ? LOBBY_POLL_MS : false),
  });
  return (
    <>
      <p>
        <Link to="/">← {t("back")}</Link>
      </p>
      {campaign.isPending && !invited && !mine.error ? <p>{t("loading")}</p> : null}
      <ProblemView error={mine.error} />
      {invited ? <JoinCampaign initialId={id} initialCode={invite} /> : null}
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
