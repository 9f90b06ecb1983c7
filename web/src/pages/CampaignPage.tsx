// A campaign's page (`/campaigns/<id>`): its lobby until it starts, then the game; an
// invitation's link opened by someone not in it yet shows the join form.
import { useQuery } from "@tanstack/react-query";
import { ProblemView } from "../components/ProblemView.tsx";
import { campaignQueries, JoinCampaign } from "../features/campaigns/index.ts";
import { Lobby } from "../features/lobby/index.ts";
import { useI18n } from "../i18n.tsx";
import { Link } from "../lib/router.tsx";
import { useSession } from "../lib/session.tsx";
import { Game } from "./GamePage.tsx";

/** How often a lobby asks whether its campaign started: nothing is published when it does
 * (the stream tells players of a running campaign), so the waiting players follow the start
 * by reading the campaign's status, and move to the game page when it changes. */
export const LOBBY_POLL_MS = 2000;

export function CampaignPage({ id }: { id: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const invite = new URLSearchParams(window.location.search).get("invite") ?? "";
  // An invitation's link opened by someone not in the campaign yet: its detail would answer 404
  // (which the browser logs as an error, and the page showed as "Campaign not found" above the
  // join form). The list of my campaigns says so without asking for what is absent by design.
  const mine = useQuery({ ...campaignQueries.allMine(api), enabled: invite !== "" });
  const invited = invite !== "" && mine.data !== undefined && !mine.data.some((c) => c.id === id);
  const campaign = useQuery({
    ...campaignQueries.detail(api, id),
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
