// A player's reliability (turns played on time, seats kept), mine and another's.
import { useQuery } from "@tanstack/react-query";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries } from "./api.ts";

/** A reliability profile (R-CAMP-14): counts only, never which campaigns. */
export function ReliabilityView({ profile }: { profile: Schemas["ReliabilityRead"] }) {
  const { t } = useI18n();
  const { turns, battles } = profile;
  return (
    <dl className="reliability">
      <dt>{t("reliabilityTurns")}</dt>
      <dd>
        {turns.on_time} {t("reliabilityOnTime")} · {turns.missed} {t("reliabilityMissed")} · {turns.civil_disorder}{" "}
        {t("reliabilityDisorder")} · {turns.excused} {t("reliabilityExcused")} ({profile.campaigns} {t("reliabilityCampaigns")})
      </dd>
      <dt>{t("reliabilityBattles")}</dt>
      <dd>
        {battles.on_time} {t("reliabilityOnTime")} · {battles.late} {t("reliabilityLate")}
      </dd>
    </dl>
  );
}

/** The user's own reliability, as the owners of campaigns they ask to join see it. */
export function MyReliability() {
  const { t } = useI18n();
  const { api } = useSession();
  const profile = useQuery(accountQueries.reliability(api));
  return (
    <section className="card" aria-labelledby="reliability-title">
      <h2 id="reliability-title">{t("reliability")}</h2>
      <ProblemView error={profile.error} />
      {profile.data ? <ReliabilityView profile={profile.data} /> : null}
    </section>
  );
}
