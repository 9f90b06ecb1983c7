// The page of a running campaign: it composes the features (map, orders, battles, messages,
// diplomacy, seats, history, the game master's tools) and follows the campaign's live events.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { Schemas } from "../api/client.ts";
import { followEvents, type CampaignEvent } from "../api/events.ts";
import { keysToRefresh } from "../api/live.ts";
import { HexMap } from "../features/map/index.ts";
import { ProblemView } from "../components/ProblemView.tsx";
import { useI18n, type Key } from "../i18n.tsx";
import { pathTo, type Coord } from "../lib/hex.ts";
import { useSession } from "../lib/session.tsx";
import { GameMasterPanel } from "../features/gamemaster/index.ts";
import { WhatNow } from "../features/guide/index.ts";
import { BattlesPanel } from "../features/battles/index.ts";
import { EdictsPanel } from "../features/diplomacy/index.ts";
import { SeatsPanel } from "../features/seats/index.ts";
import { WebhooksPanel } from "../features/settings/index.ts";
import { HouseRulesPanel } from "../features/campaigns/index.ts";
import { ChartsTable } from "../features/game/index.ts";
import { keys } from "../api/keys.ts";
import { MessagesPanel } from "../features/messages/index.ts";
import { ArmiesPanel, gameQueries, GoToTile, HistoryPanel, StatusBar, SummaryPanel, TilePanel, useMoveArmy } from "../features/game/index.ts";

type Tab = "tile" | "armies" | "battles" | "messages" | "edicts" | "summary" | "history" | "seats" | "notify" | "gm";

/** A running campaign's page: the map, the turn bar, and every panel of the game's features. */
export function Game({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  const id = campaign.id;

  const turn = useQuery(gameQueries.turn(api, id));
  const me = useQuery({ ...gameQueries.me(api, id), enabled: campaign.my_player !== null });
  const world = useQuery(gameQueries.map(api, id));
  const armies = useQuery(gameQueries.armies(api, id));
  const battles = useQuery(gameQueries.battles(api, id));
  const unread = useQuery(gameQueries.unread(api, id));

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
          void queryClient.invalidateQueries({ queryKey: keys.inbox() });
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
  }, [id, token, queryClient]); // `base` is the same for one campaign

  const mine = armies.data?.mine ?? [];
  const army = mine.find((a) => a.id === armyId) ?? null;
  const reachable = useQuery(gameQueries.reachable(api, id, armyId, world.data?.turn));
  // Other players' armies are allied or enemy by the armies list's `hostile` (the map's tokens).
  const hostile = useMemo(() => new Map((armies.data?.others ?? []).map((a) => [a.owner, a.hostile] as const)), [armies.data]);
  const plannedPath = useMemo(() => {
    const grid = world.data ? { width: world.data.width, height: world.data.height, wrap: world.data.wrap } : null;
    if (!grid || !army) return null;
    if (target) return pathTo(grid, [army.q, army.r], target, reachable.data ?? []);
    return army.move ? army.move.path.map((c) => [c[0] ?? 0, c[1] ?? 0] as const) : null;
  }, [world.data, army, target, reachable.data]);

  const move = useMoveArmy(api, id, () => setTarget(null));

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
                  if (name === "battles") void queryClient.invalidateQueries({ queryKey: keys.campaign(id, "battles") });
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
                onMove={() => move.mutate({ armyId: armyId ?? 0, steps: plannedPath ?? [] })}
                moveError={move.error}
                moving={move.isPending}
              />
            ) : null}
            {tab === "tile" ? <TilePanel campaignId={id} coord={selected} /> : null}
            {tab === "battles" ? <BattlesPanel campaignId={id} battles={battles.data?.items ?? []} isOwner={campaign.is_owner} zone={campaign.settings.turn_schedule?.time_zone} /> : null}
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
