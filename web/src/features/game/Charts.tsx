// The campaign's charts as tables (charts.svg needs the bearer token, which an <img> cannot send).
import { useQuery } from "@tanstack/react-query";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { gameQueries } from "./api.ts";

/** The charts' numbers per turn (mine; everyone's once the campaign ended or for the GM). */
export function ChartsTable({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const charts = useQuery(gameQueries.charts(api, campaignId));
  return (
    <div data-testid="charts">
      <h3>{t("charts")}</h3>
      <ProblemView error={charts.error} />
      {charts.data?.players.map((p) => (
        <table key={p.player}>
          <caption>
            {t("player")} {p.player}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("turn")}</th>
              <th scope="col">{t("gold")}</th>
              <th scope="col">{t("income")}</th>
              <th scope="col">{t("territories")}</th>
              <th scope="col">{t("score")}</th>
            </tr>
          </thead>
          <tbody>
            {p.points.map((pt) => (
              <tr key={pt.turn}>
                <td>
                  {pt.turn}
                  {pt.current ? ` (${t("now")})` : ""}
                </td>
                <td>{pt.gold}</td>
                <td>{pt.income ?? "—"}</td>
                <td>{pt.territories}</td>
                <td>{pt.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
