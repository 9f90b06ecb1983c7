// @vitest-environment jsdom
// Finding a game (R-CAMP-11, R-CAMP-12): public lobbies and open seats with "Ask to join", what
// an ask sends, withdrawing it, and listing oneself as a substitute.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { askBody, FindGame } from "../../src/features/campaigns/FindGame.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;
const LOBBY = "11111111-2222-3333-4444-555555555555";
const RUNNING = "66666666-7777-8888-9999-000000000000";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Refused", status, detail, code }), { status, headers: { "Content-Type": "application/problem+json" } });

function serve(routes: Record<string, Handler>) {
  const requests: { key: string; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const key = `${input.method} ${url.pathname}`;
      requests.push({ key, body: input.method === "GET" ? "" : await input.clone().text() });
      const handler = routes[key];
      return handler ? handler(input) : problem(404, `no route ${key}`, "not_found");
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

const lobby = (id: string, name: string, status: "lobby" | "active", asked: boolean, seats: number[]) => ({
  campaign_id: id,
  name,
  game_system: "old_world",
  status,
  turn: status === "lobby" ? 0 : 4,
  players: 2,
  max_players: 4,
  players_wanted: 2,
  turn_deadline_hours: 48,
  battle_deadline_hours: null,
  options: [],
  open_seats: seats.map((number) => ({ number, faction: "dwarfs", because: "civil_disorder" })),
  asked,
  spectators_welcome: false,
  spectator_delay_turns: null,
});

describe("finding a game", () => {
  it("sends an ask for the lobby or for one open seat, with the note trimmed or left out", () => {
    expect(askBody(LOBBY, null, "  ")).toEqual({ campaign_id: LOBBY, number: null, note: null });
    expect(askBody(RUNNING, 3, " I play Dwarfs ")).toEqual({ campaign_id: RUNNING, number: 3, note: "I play Dwarfs" });
  });

  it("lists public games; asks to join a lobby and for an open seat; withdraws an ask", async () => {
    let asked: { id: string; campaign_name: string; number: number | null }[] = [];
    const requests = serve({
      "GET /v1/lobbies": () =>
        json({
          items: [lobby(LOBBY, "Border war", "lobby", asked.some((a) => a.id === "r1"), []), lobby(RUNNING, "Old feud", "active", false, [3])],
          total: 2,
          limit: 50,
          offset: 0,
        }),
      "GET /v1/users/me/join-requests": () => json(asked.map((a) => ({ ...a, campaign_id: LOBBY, display_name: "Me", username: "me", made_at: "2026-12-01T10:00:00Z", note: null }))),
      "POST /v1/users/me/join-requests": async (request) => {
        const body = (await request.json()) as { campaign_id: string; number: number | null };
        if (body.number === 3) return problem(409, "The seat asked for is not open to newcomers.", "seat_not_open");
        asked = [{ id: "r1", campaign_name: "Border war", number: null }];
        return json({ id: "r1" }, 201);
      },
      "DELETE /v1/users/me/join-requests/r1": () => {
        asked = [];
        return new Response(null, { status: 204 });
      },
      "GET /v1/users/me/substitute": () => problem(404, "Not listed.", "not_found"),
    });
    wrap(<FindGame />);
    const list = await screen.findByRole("list", { name: "Find a game" });
    const [first, second] = (await within(list).findAllByRole("listitem")) as [HTMLElement, HTMLElement];
    expect(within(second).getByRole("button", { name: "Ask for seat 3: Old feud" })).toBeTruthy();
    expect(first.textContent).toContain("Game system: Warhammer: The Old World"); // a name, not the key

    fireEvent.change(screen.getByLabelText("A word to the owner (optional)"), { target: { value: " hello " } });
    fireEvent.click(within(first).getByRole("button", { name: "Ask to join: Border war" }));
    await screen.findByRole("list", { name: "My requests to join" });
    await waitFor(() => expect(within(first).getByText("Asked")).toBeTruthy());
    expect(JSON.parse(requests.find((r) => r.key === "POST /v1/users/me/join-requests")?.body ?? "{}")).toEqual({ campaign_id: LOBBY, number: null, note: "hello" });

    // A refused ask shows the server's problem; nothing else changes.
    fireEvent.click(within(second).getByRole("button", { name: "Ask for seat 3: Old feud" }));
    expect(await screen.findByText(/not open to newcomers/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Withdraw: Border war" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "My requests to join" })).toBeNull());
    expect(requests.map((r) => r.key)).toContain("DELETE /v1/users/me/join-requests/r1");
  });

  it("lists the user as a substitute for the game systems ticked, then unlists them", async () => {
    let listed: { game_systems: string[]; days_per_week: number } | null = null;
    const requests = serve({
      "GET /v1/lobbies": () => json({ items: [], total: 0, limit: 50, offset: 0 }),
      "GET /v1/users/me/join-requests": () => json([]),
      "GET /v1/users/me/substitute": () => (listed ? json({ ...listed, listed_at: "2026-12-01T10:00:00Z" }) : problem(404, "Not listed.", "not_found")),
      "PUT /v1/users/me/substitute": async (request) => {
        listed = (await request.json()) as typeof listed;
        return json({ ...listed, listed_at: "2026-12-01T10:00:00Z" });
      },
      "DELETE /v1/users/me/substitute": () => {
        listed = null;
        return new Response(null, { status: 204 });
      },
    });
    wrap(<FindGame />);
    await screen.findByText("No public game is looking for players just now.");
    expect(requests.some((r) => r.key === "GET /v1/users/me/substitute")).toBe(false); // asked once opened
    fireEvent.click(screen.getByRole("button", { name: "Show or change my listing" }));
    const save = await screen.findByRole("button", { name: "Save as substitute" });
    expect(save).toHaveProperty("disabled", true); // no game system ticked yet
    fireEvent.click(screen.getByRole("checkbox", { name: "Kings of War" }));
    fireEvent.change(screen.getByLabelText("Days a week you can play"), { target: { value: "3" } });
    fireEvent.click(save);
    await screen.findByText("You are listed as a substitute.");
    expect(JSON.parse(requests.find((r) => r.key === "PUT /v1/users/me/substitute")?.body ?? "{}")).toEqual({ game_systems: ["kings_of_war"], days_per_week: 3 });
    fireEvent.click(screen.getByRole("button", { name: "Stop being a substitute" }));
    await waitFor(() => expect(screen.queryByText("You are listed as a substitute.")).toBeNull());
  });
});
