// Generals (R-ARMY-1/2) and the faction action (R-FAC): raise an army with a free general or a
// new recruit, recruit generals, assign a free general to an army, use or take back the action.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { generalQueries, useFactionAction, useGeneralActions, useRaise } from "./api.ts";

function useGenerals(campaignId: string) {
  const { api } = useSession();
  return useQuery(generalQueries.generals(api, campaignId));
}

/** The body of a raise: a chosen free general, or none (the server recruits one). */
export function raiseBody(cityId: number, general: string): Schemas["RaiseCreate"] {
  return general === "" ? { city_id: cityId } : { city_id: cityId, general_id: Number(general) };
}

/** Raise an army at a city of mine, with a free general of mine or a new recruit. */
export function RaiseForm({ campaignId, cityId }: { campaignId: string; cityId: number }) {
  const { t } = useI18n();
  const generals = useGenerals(campaignId);
  const [general, setGeneral] = useState("");
  const raise = useRaise(campaignId);
  const free = (generals.data?.mine ?? []).filter((g) => g.army_id === null);
  return (
    <form
      className="raise"
      onSubmit={(e) => {
        e.preventDefault();
        raise.mutate(raiseBody(cityId, general));
      }}
    >
      <label>
        {t("general")}
        <select name="general" value={general} onChange={(e) => setGeneral(e.target.value)}>
          <option value="">{t("recruitNewGeneral")}</option>
          {free.map((g) => (
            <option key={g.id} value={g.id}>
              {t("general")} #{g.id}
            </option>
          ))}
        </select>
      </label>
      <ProblemView error={raise.error} />
      <button type="submit" disabled={raise.isPending}>
        {t("raise")}
      </button>
    </form>
  );
}

/** My generals (free or leading an army), recruiting one, and assigning a free one to an army. */
export function GeneralsSection({ campaignId, armies }: { campaignId: string; armies: readonly Schemas["MyArmy"][] }) {
  const { t, label } = useI18n();
  const generals = useGenerals(campaignId);
  const [armyId, setArmyId] = useState("");
  const [generalId, setGeneralId] = useState("");
  const { recruit, assign } = useGeneralActions(campaignId);
  const mine = generals.data?.mine ?? [];
  const free = mine.filter((g) => g.army_id === null);
  return (
    <div data-testid="generals">
      <h3>{t("generals")}</h3>
      <ProblemView error={generals.error} />
      <ul className="list">
        {mine.map((g) => (
          <li key={g.id}>
            {t("general")} #{g.id} · {g.army_id === null ? t("free") : `${t("leads")} #${g.army_id}`}
          </li>
        ))}
        {generals.data?.prisoners.length ? (
          <li>
            {label("prisoners")} {generals.data.prisoners.length}
          </li>
        ) : null}
        {generals.data?.captured.length ? (
          <li>
            {label("capturedGenerals")} {generals.data.captured.length}
          </li>
        ) : null}
      </ul>
      <button type="button" onClick={() => recruit.mutate()} disabled={recruit.isPending}>
        {t("recruitGeneral")}
      </button>
      <ProblemView error={recruit.error} />
      {free.length > 0 && armies.length > 0 ? (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            assign.mutate({ armyId: Number(armyId), generalId: Number(generalId) });
          }}
        >
          <label>
            {t("general")}
            <select name="general_id" required value={generalId} onChange={(e) => setGeneralId(e.target.value)}>
              <option value="">—</option>
              {free.map((g) => (
                <option key={g.id} value={g.id}>
                  #{g.id}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("army")}
            <select name="army_id" required value={armyId} onChange={(e) => setArmyId(e.target.value)}>
              <option value="">—</option>
              {armies.map((a) => (
                <option key={a.id} value={a.id}>
                  #{a.id} ({a.q}, {a.r})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={assign.isPending}>
            {t("assignGeneral")}
          </button>
        </form>
      ) : null}
      <ProblemView error={assign.error} />
    </div>
  );
}

/** The faction's action this turn: what it is, whether it can be used, use it or take it back. */
export function FactionActionSection({ campaignId, me }: { campaignId: string; me: Schemas["MeRead"] | undefined }) {
  const { t } = useI18n();
  const act = useFactionAction(campaignId);
  const action = me?.faction_action;
  if (!me) return null;
  return (
    <div data-testid="faction-action">
      <h3>
        {t("factionAction")} · {me.faction_name}
      </h3>
      {action ? (
        <>
          <p>
            <strong>{action.name}</strong>
            <span className="muted">
              {" "}
              · {t("recharge")} {action.recharge} · {t("availableFromTurn")} {action.available_from_turn}
              {action.needs_victories ? ` · ${t("needsVictories")} ${action.needs_victories}` : ""}
            </span>
          </p>
          {action.used_this_turn ? (
            <button type="button" onClick={() => act.mutate(false)} disabled={act.isPending}>
              {t("takeBackAction")}
            </button>
          ) : (
            <button type="button" onClick={() => act.mutate(true)} disabled={act.isPending}>
              {t("useAction")}
              {action.available ? "" : ` (${t("notAvailable")})`}
            </button>
          )}
        </>
      ) : (
        <p className="muted">{t("noFactionAction")}</p>
      )}
      <ProblemView error={act.error} />
    </div>
  );
}
