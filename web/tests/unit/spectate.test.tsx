// @vitest-environment jsdom
// Spectators (R-CAMP-13): the "Watch" list asks to watch and opens the spectator's page, which
// reads only the spectator routes (turn T − N's map, the public summaries) and shows no name
// the server did not send.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { parseRoute } from "../../src/lib/router.tsx";
import { SpectatorScreen, WatchList } from "../../src/features/spectate/Spectate.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;
const CAMPAIGN = "11111111-2222-3333-4444-555555555555";
const BASE = `/v1/campaigns/${CAMPAIGN}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.pushState(null, "", "/");
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function serve(routes: Record<string, Handler>) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const key = `${input.method} ${url.pathname}`;
      requests.push(`${key}${url.search}`);
      const handler = routes[key];
      return handler ? handler(input) : json({ status: 404, title: "Not found", code: "not_found" }, 404);
    }),
  );
  return requests;
}

function wrap(node: React.ReactNode) {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", "en");
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const lobby = {
  campaign_id: CAMPAIGN,
  name: "Border war",
  status: "active",
  turn: 5,
  game_system: "old_world",
  players: 2,
  max_players: 4,
  players_wanted: 0,
  turn_deadline_hours: null,
  battle_deadline_hours: null,
  options: {},
  open_seats: [],
  asked: false,
  spectators_welcome: true,
  spectator_delay_turns: 2,
};

describe("spectators", () => {
  it("routes /watch/<id> to the spectator's page", () => {
    expect(parseRoute(`/watch/${CAMPAIGN}`)).toEqual({ name: "watch", id: CAMPAIGN });
    expect(parseRoute("/watch/nope")).toEqual({ name: "home" });
  });

  it("lists the campaigns to watch and asks to watch one", async () => {
    const requests = serve({
      "GET /v1/lobbies": () => json({ items: [lobby], total: 1, limit: 50, offset: 0 }),
      [`POST ${BASE}/spectators`]: () => json({ user_id: CAMPAIGN, username: "u", display_name: "U", since: "2026-12-01T10:00:00Z" }, 201),
    });
    wrap(<WatchList />);
    await screen.findByText("Border war");
    expect(screen.getByText("(2 turns late)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Watch" }));
    await waitFor(() => expect(window.location.pathname).toBe(`/watch/${CAMPAIGN}`));
    expect(requests).toContain("GET /v1/lobbies?spectators=true");
    expect(requests).toContain(`POST ${BASE}/spectators`);
  });

  it("shows turn T − N's map and the public lines before it, through spectator routes only", async () => {
    const requests = serve({
      [`GET ${BASE}/spectate`]: () =>
        json({
          campaign_id: CAMPAIGN,
          name: "Border war",
          status: "active",
          delay_turns: 2,
          turn: 3,
          players: [
            { number: 1, faction: "empire", faction_name: "Empire", name: null },
            { number: 2, faction: "dwarfs", faction_name: "Dwarfs", name: null },
          ],
        }),
      [`GET ${BASE}/spectate/map`]: () =>
        json({ turn: 3, width: 2, height: 1, wrap: "none", tiles: [{ q: 0, r: 0, fog: "visible", terrain: "plain" }], storms: [] }),
      [`GET ${BASE}/spectate/turns/2/summary`]: () =>
        json({ number: 2, events: [{ kind: "city_upgraded", rule: "R-ECO-3", coords: [[0, 0]], data: { player: 2 } }] }),
    });
    wrap(<SpectatorScreen id={CAMPAIGN} />);
    await screen.findByText("Player 2 upgraded a city.");
    expect(screen.getByText(/Turn 3/)).toBeTruthy();
    expect(screen.getByText("1. Empire")).toBeTruthy(); // the faction's name, no player's: anonymity
    expect(requests.every((r) => r.includes("/spectate"))).toBe(true);
  });
});
