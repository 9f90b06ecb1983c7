import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { ok, type Schemas } from "../api/client.ts";
import { followEvents, type CampaignEvent } from "../api/events.ts";
import { campaignKey, keysToRefresh } from "../api/live.ts";
import { INBOX_KEY } from "./Inbox.tsx";
import { RosterPanel } from "./Rosters.tsx";
import { HexMap } from "../components/HexMap.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { DeadlineTimes } from "../components/Schedule.tsx";
import { useI18n, type Key } from "../i18n.tsx";
import { seatName } from "../features/bots/names.ts";
import { pathTo, type Coord } from "../lib/hex.ts";
import { sentence, wordsFor, type Words } from "../lib/sentences.ts";
import { SummaryLines } from "../components/SummaryLines.tsx";
import { useSession } from "../session.tsx";
import { GameMasterPanel } from "./GameMaster.tsx";
import { WhatNow } from "./Guide.tsx";
import { FactionActionSection, GeneralsSection, RaiseForm } from "./Generals.tsx";
import { BattlesPanel } from "./Battles.tsx";
import { EdictsPanel } from "./Diplomacy.tsx";
import { SeatsPanel } from "./Seats.tsx";
import { ChartsTable, HouseRulesPanel, WebhooksPanel } from "./Settings.tsx";
import { ReportButton } from "./Moderation.tsx";

type Tab = "tile" | "armies" | "battles" | "messages" | "edicts" | "summary" | "history" | "seats" | "notify" | "gm";

/** Time left until `iso`, as "1 d 02:03:04" (negative: "0:00:00"). */
export function countdown(iso: string, now: number): string {
  const left = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d ? `${d} d ` : ""}${pad(h)}:${pad(m)}:${pad(s)}`;
}

function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

export function Game({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  const id = campaign.id;
  const path = { campaign_id: id };
  const base = ["campaign", id] as const;

  const turn = useQuery({ queryKey: campaignKey(id, "turn"), queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turn", { params: { path } })) });
  const me = useQuery({
    queryKey: campaignKey(id, "me"),
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/me", { params: { path } })),
    enabled: campaign.my_player !== null,
  });
  const world = useQuery({ queryKey: campaignKey(id, "map"), queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/map", { params: { path } })) });
  const armies = useQuery({ queryKey: campaignKey(id, "armies"), queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/armies", { params: { path } })) });
  const battles = useQuery({
    queryKey: campaignKey(id, "battles"),
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/battles", { params: { path, query: { limit: 100 } } })),
  });
  const unread = useQuery({
    queryKey: campaignKey(id, "unread"),
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/messages/unread", { params: { path } })),
  });

  // The game master who does not play opens on their own tools.
  // A battle's page (its pack's QR code, issue 47) opens on the battles.
  const [tab, setTab] = useState<Tab>(
    /\/battles\/[0-9]+\/?$/.test(window.location.pathname) ? "battles" : campaign.my_player === null && campaign.is_owner ? "gm" : "armies",
  );
  const [selected, setSelected] = useState<Coord | null>(null);
  const [armyId, setArmyId] = useState<number | null>(null);
  const [target, setTarget] = useState<Coord | null>(null);
  const [connected, setConnected] = useState(false);
  const [lastEvents, setLastEvents] = useState<CampaignEvent[]>([]);

  // Live: follow the stream; every event refreshes the queries its kind changes.
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void followEvents(
      {
        baseUrl: "",
        campaignId: id,
        token,
        onStatus: setConnected,
        onEvent: (event) => {
          setLastEvents((list) => [event, ...list].slice(0, 8));
          // Whatever happened may have written a notification: the header's badge asks again.
          void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
          if (event.kind === "turn_changed" || event.kind === "turn_rolled_back" || event.kind === "turn_forced") {
            performance.mark("turn-change-received");
            setTarget(null);
          }
          // Each kind refreshes what it changes (src/api/live.ts): a confirmed battle the map
          // and the armies, a message the unread count, a turn change everything.
          for (const queryKey of keysToRefresh(id, event.kind)) void queryClient.invalidateQueries({ queryKey });
        },
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [id, token]); // `base` and the query client are stable for one campaign

  const mine = armies.data?.mine ?? [];
  const army = mine.find((a) => a.id === armyId) ?? null;
  const reachable = useQuery({
    queryKey: [...base, "reachable", armyId, world.data?.turn],
    queryFn: async () =>
      ok(await api.GET("/v1/campaigns/{campaign_id}/armies/{army_id}/reachable", { params: { path: { ...path, army_id: armyId ?? 0 } } })),
    enabled: armyId !== null,
  });
  // Other players' armies are allied or enemy by the armies list's `hostile` (the map's tokens).
  const hostile = useMemo(() => new Map((armies.data?.others ?? []).map((a) => [a.owner, a.hostile] as const)), [armies.data]);
  const grid = world.data ? { width: world.data.width, height: world.data.height, wrap: world.data.wrap } : null;
  const plannedPath = useMemo(() => {
    if (!grid || !army) return null;
    if (target) return pathTo(grid, [army.q, army.r], target, reachable.data ?? []);
    return army.move ? army.move.path.map((c) => [c[0] ?? 0, c[1] ?? 0] as const) : null;
  }, [grid?.width, grid?.height, grid?.wrap, army, target, reachable.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: base });
  const move = useMutation({
    mutationFn: async () =>
      ok(
        await api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/move", {
          params: { path: { ...path, army_id: armyId ?? 0 } },
          body: { path: (plannedPath ?? []).map((c) => [c[0], c[1]]) },
        }),
      ),
    onSuccess: async () => {
      setTarget(null);
      await refresh();
    },
  });

  function onSelect(c: Coord) {
    setSelected(c);
    if (army && (reachable.data ?? []).some((r) => r.q === c[0] && r.r === c[1])) {
      setTarget(c);
      setTab("armies");
    } else {
      setTab("tile");
    }
  }

  const pending = (battles.data?.items ?? []).filter((b) => b.status !== "confirmed" && b.status !== "cancelled" && b.status !== "abandoned");
  const tabs: [Tab, Key, ReactNode?][] = [
    ["armies", "myArmies"],
    ["tile", "tile"],
    ["battles", "battles", pending.length ? <span className="badge">{pending.length}</span> : null],
    ["messages", "messages", unread.data?.unread ? <span className="badge" data-testid="unread">{unread.data.unread}</span> : null],
    ["edicts", "edicts"],
    ["summary", "summary"],
    ["history", "history"],
    ["seats", "seats"],
    ["notify", "notifications"],
  ];
  if (campaign.is_owner) tabs.push(["gm", "gameMaster"]);

  return (
    <div className="game">
      <StatusBar campaign={campaign} turn={turn.data} me={me.data} connected={connected} />
      <div className="game-body">
        <div className="map-column">
          {world.data ? (
            <HexMap
              world={world.data}
              battles={pending}
              selected={selected}
              army={army}
              reachable={armyId !== null ? (reachable.data ?? []) : []}
              path={plannedPath}
              onSelect={onSelect}
              label={t("mapLabel")}
              me={campaign.my_player}
              hostile={hostile}
            />
          ) : (
            <p>{t("loading")}</p>
          )}
          <ProblemView error={world.error} />
          <GoToTile onGo={onSelect} />
        </div>
        <aside className="panel">
          <WhatNow
            me={me.data}
            armies={mine}
            battles={battles.data?.items ?? []}
            isOwner={campaign.is_owner}
            seated={campaign.my_player !== null}
            onOpen={(next) => {
              setTab(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          />
          <div role="tablist" aria-label={t("orders")} className="tabs">
            {tabs.map(([name, label, extra]) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`panel-${name}`}
                onClick={() => {
                  setTab(name);
                  // A dispute the owner may rule on, out of their sight, reaches no event of
                  // their stream: opening the tab asks for the list again.
                  if (name === "battles") void queryClient.invalidateQueries({ queryKey: campaignKey(id, "battles") });
                }}
              >
                {t(label)} {extra}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tabpanel">
            {tab === "armies" ? (
              <ArmiesPanel
                campaignId={id}
                armies={armies.data}
                me={me.data}
                armyId={armyId}
                onArmy={(next) => {
                  setArmyId(next);
                  setTarget(null);
                }}
                reachable={reachable.data ?? []}
                target={target}
                onTarget={setTarget}
                onMove={() => move.mutate()}
                moveError={move.error}
                moving={move.isPending}
              />
            ) : null}
            {tab === "tile" ? <TilePanel campaignId={id} coord={selected} /> : null}
            {tab === "battles" ? <BattlesPanel campaignId={id} battles={battles.data?.items ?? []} isOwner={campaign.is_owner} /> : null}
            {tab === "messages" ? <MessagesPanel campaignId={id} /> : null}
            {tab === "edicts" ? <EdictsPanel campaignId={id} myNumber={campaign.my_player} /> : null}
            {tab === "history" ? (
              <>
                <HistoryPanel campaignId={id} turn={turn.data?.number ?? campaign.turn} me={campaign.my_player} hostile={hostile} />
                <ChartsTable campaignId={id} />
                <HouseRulesPanel campaign={campaign} />
              </>
            ) : null}
            {tab === "seats" ? <SeatsPanel campaign={campaign} /> : null}
            {tab === "notify" ? <WebhooksPanel campaign={campaign} /> : null}
            {tab === "gm" ? <GameMasterPanel campaign={campaign} /> : null}
            {tab === "summary" ? <SummaryPanel campaignId={id} turn={turn.data?.number ?? campaign.turn} events={lastEvents} /> : null}
          </div>
        </aside>
      </div>
    </div>
  );
}

function StatusBar({
  campaign,
  turn,
  me,
  connected,
}: {
  campaign: Schemas["CampaignRead"];
  turn: Schemas["TurnRead"] | undefined;
  me: Schemas["MeRead"] | undefined;
  connected: boolean;
}) {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const now = useNow();
  const path = { campaign_id: campaign.id };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["campaign", campaign.id] });
  const ready = useMutation({
    mutationFn: async (on: boolean) =>
      ok(on ? await api.PUT("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } }) : await api.DELETE("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } })),
    onSuccess: refresh,
  });
  const resolve = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/turn/resolve", { params: { path } })),
    onSuccess: refresh,
  });
  const deadline = turn?.deadline_at ?? turn?.change_due_at ?? null;
  return (
    <header className="status" data-turn={turn?.number ?? ""} aria-label={t("status")}>
      <h2>
        {campaign.name} · {t("turn")} <span data-testid="turn">{turn?.number ?? campaign.turn}</span>
        {turn?.season ? ` · ${turn.season}` : ""}
      </h2>
      {me ? (
        <p className="gold">
          {t("gold")}: <strong data-testid="gold">{me.gold}</strong>
          {me.forecast ? (
            <span title={[...me.forecast.income, ...me.forecast.upkeep].map((l) => `${l.amount > 0 ? "+" : ""}${l.amount} ${l.reason} (${l.rule})`).join("\n")}>
              {" "}
              · {t("forecast")}: <span data-testid="forecast">{me.forecast.net >= 0 ? `+${me.forecast.net}` : me.forecast.net}</span>
            </span>
          ) : null}
        </p>
      ) : null}
      <p>
        {t("deadline")}: {deadline ? <time dateTime={deadline}>{countdown(deadline, now)}</time> : t("noDeadline")}
        {deadline ? <DeadlineTimes deadline={deadline} zone={campaign.settings.turn_schedule?.time_zone} /> : null}
        {turn?.paused ? (
          <>
            {" · "}
            <strong data-testid="paused">{t("paused")}</strong>
          </>
        ) : null}
        {" · "}
        <span className={connected ? "live" : "offline"} data-testid="live">
          {connected ? t("live") : t("offline")}
        </span>
      </p>
      {turn && turn.blocked_by.length > 0 ? (
        <p className="muted">
          {t("blockedBy")}: {turn.blocked_by.join(", ")}
        </p>
      ) : null}
      {turn?.awaiting_owner ? <p className="notice">{t("awaitingOwner")}</p> : null}
      <div className="actions">
        {me ? (
          me.ready ? (
            <button type="button" onClick={() => ready.mutate(false)} disabled={ready.isPending}>
              {t("withdraw")}
            </button>
          ) : (
            <button type="button" className="primary" onClick={() => ready.mutate(true)} disabled={ready.isPending}>
              {t("ready")}
            </button>
          )
        ) : null}
        {campaign.is_owner ? (
          <button type="button" onClick={() => resolve.mutate()} disabled={resolve.isPending} aria-describedby="resolve-help">
            {t("resolve")}
          </button>
        ) : null}
      </div>
      {campaign.is_owner ? (
        <p className="muted resolve-help" id="resolve-help">
          {t("resolveHelp")}
        </p>
      ) : null}
      <ProblemView error={ready.error ?? resolve.error} />
    </header>
  );
}

function GoToTile({ onGo }: { onGo: (c: Coord) => void }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const [r, setR] = useState("");
  return (
    <form
      className="goto"
      onSubmit={(e) => {
        e.preventDefault();
        if (q !== "" && r !== "") onGo([Number(q), Number(r)]);
      }}
    >
      <label>
        q <input type="number" name="q" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label>
        r <input type="number" name="r" value={r} onChange={(e) => setR(e.target.value)} />
      </label>
      <button type="submit">{t("goToTile")}</button>
    </form>
  );
}

function ArmiesPanel(props: {
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
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: props.campaignId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["campaign", props.campaignId] });
  const action = useMutation({
    mutationFn: async ({ kind, armyId }: { kind: "cancelMove" | "entrench" | "leaveTrench" | "upgrade" | "cancelUpgrade"; armyId: number }) => {
      const p = { params: { path: { ...path, army_id: armyId } } };
      if (kind === "cancelMove") return ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/move", p));
      if (kind === "entrench") return ok(await api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/entrench", p));
      if (kind === "leaveTrench") return ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/entrench", p));
      if (kind === "upgrade") return ok(await api.POST("/v1/campaigns/{campaign_id}/armies/{army_id}/upgrade", p));
      return ok(await api.DELETE("/v1/campaigns/{campaign_id}/armies/{army_id}/upgrade", p));
    },
    onSuccess: refresh,
  });
  const cancelOrder = useMutation({
    mutationFn: async (orderId: number) =>
      ok(await api.DELETE("/v1/campaigns/{campaign_id}/orders/{order_id}", { params: { path: { ...path, order_id: orderId } } })),
    onSuccess: refresh,
  });
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
              <button type="button" aria-pressed={props.armyId === a.id} onClick={() => props.onArmy(props.armyId === a.id ? null : a.id)}>
                {props.armyId === a.id ? t("selected") : t("selectArmy")} #{a.id}
              </button>
              {a.move ? (
                <button type="button" onClick={() => action.mutate({ kind: "cancelMove", armyId: a.id })}>
                  {t("cancelMove")}
                </button>
              ) : null}
              <button type="button" onClick={() => action.mutate({ kind: a.entrenched ? "leaveTrench" : "entrench", armyId: a.id })}>
                {a.entrenched ? t("leaveTrench") : t("entrench")}
              </button>
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

function TilePanel({ campaignId, coord }: { campaignId: string; coord: Coord | null }) {
  const { t } = useI18n();
  const words = useWords(campaignId);
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const tile = useQuery({
    queryKey: ["campaign", campaignId, "tile", coord?.[0], coord?.[1]],
    queryFn: async () =>
      ok(await api.GET("/v1/campaigns/{campaign_id}/tiles/{q}/{r}", { params: { path: { ...path, q: coord?.[0] ?? 0, r: coord?.[1] ?? 0 } } })),
    enabled: coord !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["campaign", campaignId] });
  const build = useMutation({
    mutationFn: async (option: Schemas["BuildOption"]) =>
      ok(
        await api.POST("/v1/campaigns/{campaign_id}/builds", {
          params: { path },
          body: { kind: option.kind, q: coord?.[0] ?? 0, r: coord?.[1] ?? 0, army_id: option.army_id ?? null },
        }),
      ),
    onSuccess: refresh,
  });
  if (!coord) return <p className="muted">{t("goToTile")}</p>;
  const d = tile.data;
  return (
    <div data-testid="tile-panel">
      <h3>
        {t("tile")} ({coord[0]}, {coord[1]})
      </h3>
      <ProblemView error={tile.error} />
      {d ? (
        <dl>
          <dt>{t("status")}</dt>
          <dd data-testid="tile-fog">{t(d.fog)}</dd>
          {d.name ? (
            <>
              <dt>{t("name")}</dt>
              <dd>{d.name}</dd>
            </>
          ) : null}
          <dt>{t("terrain")}</dt>
          <dd>
            {d.terrain ? t(`terrain_${d.terrain}`) : "?"}
            {d.tags?.length ? ` (${d.tags.map((tag) => t(`tag_${tag}`)).join(", ")})` : ""}
          </dd>
          {d.owner ? (
            <>
              <dt>{t("tileOwner")}</dt>
              <dd data-testid="tile-owner">{words.player(d.owner)}</dd>
            </>
          ) : null}
          {d.structure ? (
            <>
              <dt>{t("structure")}</dt>
              <dd>
                {t(`structure_${d.structure.kind}`)} · {t("level")} {d.structure.level ?? "?"}
                {"capital" in d.structure && d.structure.capital ? ` · ${t("capital")}` : ""}
              </dd>
            </>
          ) : null}
          {d.armies?.length ? (
            <>
              <dt>{t("armies")}</dt>
              <dd>
                {d.armies.map((a) => `#${a.id} (${words.player(a.owner)}, ${t("tier")} ${a.tier})`).join(", ")}
              </dd>
            </>
          ) : null}
          {d.ships?.length ? (
            <>
              <dt>{t("ships")}</dt>
              <dd>{d.ships.map((s) => `#${s.id} (${words.player(s.owner)})`).join(", ")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {d?.accepts?.length ? (
        <>
          <h4>{t("accepts")}</h4>
          <ul className="list">
            {d.accepts.map((o) => (
              <li key={o.kind}>
                <button type="button" disabled={!o.allowed || build.isPending} onClick={() => build.mutate(o)}>
                  {t(`build_${o.kind}`)} · {t("cost")} {o.cost}
                </button>
                {!o.allowed && o.reason ? (
                  <span className="muted">
                    {" "}
                    {o.reason} [{o.rule}]
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ProblemView error={build.error} />
      {d?.structure && "id" in d.structure && d.structure.kind === "city" && d.owner !== null && d.structure.id ? (
        <RaiseForm campaignId={campaignId} cityId={d.structure.id} />
      ) : null}
    </div>
  );
}

function MessagesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: campaignId };
  const messages = useQuery({
    queryKey: ["campaign", campaignId, "messages"],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/messages", { params: { path } })),
  });
  const players = useQuery({
    queryKey: ["campaign", campaignId, "players"],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path } })),
  });
  // No recipient until one is chosen: a word meant for one never goes to everyone by default.
  const [to, setTo] = useState("");
  const [body, setBody] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["campaign", campaignId] });
  const send = useMutation({
    mutationFn: async () =>
      ok(await api.POST("/v1/campaigns/{campaign_id}/messages", { params: { path }, body: { to: to === "all" ? "all" : [Number(to)], body } })),
    onSuccess: async () => {
      setBody("");
      setTo("");
      await refresh();
    },
  });
  const newest = messages.data?.items[0]?.id ?? 0;
  const markRead = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/messages/read", { params: { path }, body: { up_to: newest } })),
    onSuccess: refresh,
  });
  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <label>
          {t("to")}
          <select name="to" required value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">{t("chooseRecipient")}</option>
            <option value="all">{t("everyone")}</option>
            {players.data
              ?.filter((p) => !p.is_you)
              .map((p) => (
                <option key={p.number} value={p.number}>
                  {p.number}. {seatName(p, t)}
                  {p.bot ? ` (${t("botMark")})` : ""}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t("body")}
          <textarea name="body" required value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        <ProblemView error={send.error} />
        <button type="submit" disabled={send.isPending || to === ""}>
          {t("send")}
        </button>
      </form>
      {newest ? (
        <button type="button" onClick={() => markRead.mutate()} disabled={markRead.isPending}>
          {t("markRead")}
        </button>
      ) : null}
      <ul className="list messages" data-testid="messages">
        {messages.data?.items.map((m) => (
          <li key={m.id} className={m.read || m.sent_by_you ? "" : "unread"} data-message-id={m.id}>
            <strong>{m.sender.name}</strong> → {m.to_all ? t("everyone") : m.recipients.map((r) => r.name).join(", ")} ({t("turn")} {m.turn}
            {m.read || m.sent_by_you ? "" : `, ${t("unread")}`}): <span className="body">{m.body}</span>
            {m.sent_by_you ? null : <ReportButton item={{ kind: "message", campaign_id: campaignId, message_id: m.id }} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The seats' names as the API gives them, for sentences ("Alice (you)"). */
function useWords(campaignId: string): Words {
  const { t, lang } = useI18n();
  const { api } = useSession();
  const players = useQuery({
    queryKey: campaignKey(campaignId, "players"),
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/players", { params: { path: { campaign_id: campaignId } } })),
  });
  return useMemo(() => wordsFor(lang, t, players.data), [lang, t, players.data]);
}

function SummaryPanel({ campaignId, turn, events }: { campaignId: string; turn: number; events: CampaignEvent[] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const words = useWords(campaignId);
  const previous = turn - 1;
  const summary = useQuery({
    queryKey: ["campaign", campaignId, "summary", previous],
    queryFn: async () =>
      ok(await api.GET("/v1/campaigns/{campaign_id}/turns/{number}/summary", { params: { path: { campaign_id: campaignId, number: previous } } })),
    enabled: previous >= 1,
  });
  return (
    <div>
      <h3>
        {t("summary")} {previous >= 1 ? `(${t("turn")} ${previous})` : ""}
      </h3>
      {previous < 1 || summary.data?.events.length === 0 ? <p>{t("noSummary")}</p> : null}
      <ProblemView error={summary.error} />
      <SummaryLines events={summary.data?.events ?? []} words={words} testId="summary-lines" />
      <h3>{t("events")}</h3>
      <ul className="list" data-testid="live-events">
        {events.map((e, i) => (
          <li key={`${e.id}-${i}`} data-kind={e.kind}>
            {sentence(e.kind, e.data, words)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Replays under fog: the map as this player saw it at the end of a past turn, with a scrubber. */
function HistoryPanel({ campaignId, turn, me, hostile }: { campaignId: string; turn: number; me: number | null; hostile: ReadonlyMap<number, boolean> }) {
  const { t } = useI18n();
  const { api } = useSession();
  const words = useWords(campaignId);
  const last = Math.max(1, turn - 1);
  const [number, setNumber] = useState(last);
  const path = { campaign_id: campaignId, number };
  const replay = useQuery({
    queryKey: ["campaign", campaignId, "replay", number],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turns/{number}/map", { params: { path } })),
    enabled: turn > 1,
  });
  const summary = useQuery({
    queryKey: ["campaign", campaignId, "summary", number],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/turns/{number}/summary", { params: { path } })),
    enabled: turn > 1,
  });
  if (turn <= 1) return <p>{t("noSummary")}</p>;
  return (
    <div data-testid="history">
      <label>
        {t("replayTurn")}: {number}
        <input type="range" min={1} max={last} value={number} onChange={(e) => setNumber(Number(e.target.value))} />
      </label>
      <ProblemView error={replay.error ?? summary.error} />
      {replay.data ? (
        <HexMap world={replay.data} battles={[]} selected={null} army={null} reachable={[]} path={null} onSelect={() => undefined} label={`${t("history")} · ${t("turn")} ${number}`} me={me} hostile={hostile} />
      ) : null}
      <SummaryLines events={summary.data?.events ?? []} words={words} testId="history-lines" />
    </div>
  );
}
