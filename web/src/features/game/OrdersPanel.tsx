// The orders panel: my armies, where the chosen one may go, its move, builds and recruits.
import { type Schemas } from "../../api/client.ts";
import { RosterPanel } from "../rosters/index.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { type Coord } from "../../lib/hex.ts";
import { useSession } from "../../lib/session.tsx";
import { FactionActionSection, GeneralsSection } from "../generals/index.ts";
import { useArmyOrders } from "./api.ts";

export function ArmiesPanel(props: {
  campaignId: string;
  armies: Schemas["ArmyList"] | undefined;
  me: Schemas["MeRead"] | undefined;
  armyId: number | null;
  onArmy: (id: number | null) => void;
  reachable: readonly Schemas["ReachableTile"][];
  target: Coord | null;
  onTarget: (c: Coord | null) => void;
  onMove: () => void;
  moveError: unknown;
  moving: boolean;
}) {
  const { t, lang } = useI18n();
  const { api } = useSession();
  const { action, cancelOrder } = useArmyOrders(api, props.campaignId);
  const orders = props.me?.orders;
  const upgrading = new Set(orders?.upgrades.map((u) => u.army_id) ?? []);
  return (
    <div>
      <h3>{t("myArmies")}</h3>
      <ul className="list" data-testid="my-armies">
        {props.armies?.mine.map((a) => (
          <li key={a.id} data-army-id={a.id} className={props.armyId === a.id ? "chosen" : ""}>
            <span>
              #{a.id} · {t("tier")} {a.tier} · ({a.q}, {a.r}){a.at_sea ? ` · ${t("atSea")}` : ""}
              {a.entrenched ? ` · ${t("entrench")}` : ""}
              {a.move ? ` → (${a.move.path.at(-1)?.join(", ")})` : ""}
            </span>
            <span className="buttons">
              {a.locked_in_battle ? null : (
                <button type="button" aria-pressed={props.armyId === a.id} onClick={() => props.onArmy(props.armyId === a.id ? null : a.id)}>
                  {props.armyId === a.id ? t("selected") : t("selectArmy")} #{a.id}
                </button>
              )}
              {a.move ? (
                <button type="button" onClick={() => action.mutate({ kind: "cancelMove", armyId: a.id })}>
                  {t("cancelMove")}
                </button>
              ) : null}
              {a.locked_in_battle && !a.entrenched ? null : (
                <button type="button" onClick={() => action.mutate({ kind: a.entrenched ? "leaveTrench" : "entrench", armyId: a.id })}>
                  {a.entrenched ? t("leaveTrench") : t("entrench")}
                </button>
              )}
              {upgrading.has(a.id) ? (
                <button type="button" onClick={() => action.mutate({ kind: "cancelUpgrade", armyId: a.id })}>
                  {t("cancelUpgrade")}
                </button>
              ) : a.upgrade_cost !== null ? (
                <button type="button" onClick={() => action.mutate({ kind: "upgrade", armyId: a.id })}>
                  {t("upgrade")} ({a.upgrade_cost})
                </button>
              ) : null}
            </span>
            {/* An army in a battle awaiting its result takes no order (R-MOVE-2): it is not
                offered for a move, and the player is told why, in their language. */}
            {a.locked_in_battle ? (
              <span className="muted held" data-testid="army-held">
                {t("armyHeldInBattle")} [{t("rule")}{" "}
                <a href={`${lang === "fr" ? "/rules/fr" : "/rules"}#R-MOVE-2`} target="_blank" rel="noreferrer">
                  R-MOVE-2
                </a>
                ]
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ProblemView error={action.error} />
      {props.armyId !== null ? (
        <form
          className="move"
          onSubmit={(e) => {
            e.preventDefault();
            props.onMove();
          }}
        >
          <p className="muted">{t("moveHint")}</p>
          <label>
            {t("moveTo")}
            <select
              name="target"
              value={props.target ? `${props.target[0]},${props.target[1]}` : ""}
              onChange={(e) => {
                const [q, r] = e.target.value.split(",").map(Number);
                props.onTarget(e.target.value ? [q ?? 0, r ?? 0] : null);
              }}
            >
              <option value="">—</option>
              {props.reachable.map((r) => (
                <option key={`${r.q},${r.r}`} value={`${r.q},${r.r}`}>
                  ({r.q}, {r.r}) · {t("cost")} {r.cost}
                </option>
              ))}
            </select>
          </label>
          <ProblemView error={props.moveError} />
          <button type="submit" className="primary" disabled={!props.target || props.moving}>
            {t("sendMove")}
          </button>
        </form>
      ) : null}
      {props.armyId !== null ? <RosterPanel key={props.armyId} campaignId={props.campaignId} armyId={props.armyId} veteran={props.armies?.mine.find((a) => a.id === props.armyId)?.veteran} /> : null}
      {props.armies && props.armies.others.length > 0 ? (
        <>
          <h3>{t("others")}</h3>
          <ul className="list" data-testid="other-armies">
            {props.armies.others.map((a) => (
              <li key={a.id} data-army-id={a.id} data-owner={a.owner}>
                #{a.id} · {a.owner_name} · {t("tier")} {a.tier} · ({a.q}, {a.r})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>{t("orders")}</h3>
      {orders ? (
        <ul className="list" data-testid="orders">
          {orders.builds.map((b) => (
            <li key={`b${b.id}`}>
              {t(`build_${b.kind}`)} ({b.q}, {b.r}) · {t("cost")} {b.cost}{" "}
              <button type="button" onClick={() => cancelOrder.mutate(b.id)}>
                {t("cancel")}
              </button>
            </li>
          ))}
          {orders.raises.map((r) => (
            <li key={`r${r.id}`}>
              {t("raise")} #{r.city_id} · {t("cost")} {r.cost}{" "}
              <button type="button" onClick={() => cancelOrder.mutate(r.id)}>
                {t("cancel")}
              </button>
            </li>
          ))}
          {orders.moves.map((m) => (
            <li key={`m${m.army_id}`}>
              #{m.army_id} → {m.path.map((c) => `(${c.join(", ")})`).join(" ")}
            </li>
          ))}
          {orders.upgrades.map((u) => (
            <li key={`u${u.army_id}`}>
              {t("upgrade")} #{u.army_id} · {t("cost")} {u.cost}
            </li>
          ))}
          {orders.recruits.map((g) => (
            <li key={`g${g.general_id}`}>
              {t("recruitGeneral")} #{g.general_id} · {t("cost")} {g.cost}
            </li>
          ))}
          {orders.faction_action ? <li>{t("factionAction")}</li> : null}
          {orders.builds.length + orders.raises.length + orders.moves.length + orders.upgrades.length + orders.recruits.length + (orders.faction_action ? 1 : 0) === 0 ? (
            <li>{t("noOrders")}</li>
          ) : null}
        </ul>
      ) : null}
      <ProblemView error={cancelOrder.error} />
      {props.me ? (
        <>
          <GeneralsSection campaignId={props.campaignId} armies={props.armies?.mine ?? []} />
          <FactionActionSection campaignId={props.campaignId} me={props.me} />
        </>
      ) : null}
    </div>
  );
}
