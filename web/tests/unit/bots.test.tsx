// @vitest-environment jsdom
// Bots on seats (R-BOT) in the web client: the free lobby seats a bot may take, filling every
// empty seat (one request per seat, another slot where the rules refuse one), and the bot's
// mark, with its difficulty and personality only when the server sends them.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { BotMark, freeSeats, LobbyBots, SeatBotControls } from "../../src/features/bots/Bots.tsx";
import { I18nProvider } from "../../src/i18n.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

const ID = "11111111-2222-3333-4444-555555555555";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Refused", status, detail, code }), { status, headers: { "Content-Type": "application/problem+json" } });

function wrap(node: React.ReactNode, lang = "en") {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", lang);
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const player = (number: number, faction: string | null, slot: number | null) => ({ number, faction, slot }) as Schemas["PlayerRead"];

describe("bots on seats", () => {
  it("finds the seat numbers, factions and slots nobody holds", () => {
    const free = freeSeats([player(1, "dwarfs", 0), player(3, null, 2)], 4, ["dwarfs", "empire", "orcs"], 4);
    expect(free).toEqual({ numbers: [2, 4], factions: ["empire", "orcs"], slots: [1, 3] });
    expect(freeSeats([player(1, "dwarfs", 0), player(2, "empire", 1)], 2, ["dwarfs", "empire"], 2).numbers).toEqual([]);
  });

  it("marks a bot, with difficulty and personality only when the server sends them", () => {
    wrap(
      <>
        <BotMark bot={{ difficulty: null, personality: null }} />
        <BotMark bot={{ difficulty: "normal", personality: "raider" }} />
        <BotMark bot={null} />
      </>,
      "fr",
    );
    const marks = screen.getAllByTestId("bot-mark").map((m) => m.textContent?.trim());
    expect(marks).toEqual(["bot", "bot (normal, pillard)"]);
  });

  it("fills every empty seat with one request each, trying the next slot where the rules refuse", async () => {
    const bodies: { number: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        const match = /\/seats\/(\d+)\/bot$/.exec(url.pathname);
        if (input.method !== "PUT" || !match) return problem(404, "no route", "not_found");
        const body = (await input.clone().json()) as Record<string, unknown>;
        bodies.push({ number: match[1] ?? "", body });
        // Dark Elves refuse slot 1 (a coast slot in the rules' eyes).
        if (body["faction"] === "dark_elves" && body["slot"] === 1) return problem(422, "Dark Elves start on a coast.", "R-CAMP-2");
        return json({ number: Number(match[1]), faction: body["faction"], slot: body["slot"], bot: { difficulty: "easy", personality: "turtle" } });
      }),
    );
    const campaign = { id: ID, is_owner: true } as Schemas["CampaignRead"];
    const factions = [
      { key: "dwarfs", name: "Dwarfs" },
      { key: "dark_elves", name: "Dark Elves" },
      { key: "empire", name: "Empire" },
    ];
    wrap(<LobbyBots campaign={campaign} players={[player(1, "dwarfs", 0)]} seats={3} factions={factions} slots={3} />);
    fireEvent.change(screen.getByLabelText("Bot difficulty"), { target: { value: "easy" } });
    fireEvent.change(screen.getByLabelText("Bot personality"), { target: { value: "turtle" } });
    fireEvent.click(screen.getByRole("button", { name: "Fill the 2 empty seats with bots" }));
    await waitFor(() => expect(screen.getByTestId("bots-progress").textContent).toBe("2 of 2 bots seated"));
    expect(bodies).toEqual([
      { number: "2", body: { difficulty: "easy", personality: "turtle", faction: "dark_elves", slot: 1 } },
      { number: "2", body: { difficulty: "easy", personality: "turtle", faction: "dark_elves", slot: 2 } },
      { number: "3", body: { difficulty: "easy", personality: "turtle", faction: "empire", slot: 1 } },
    ]);
  });

  it("gives a faction no free slot takes a bot's slot, and that bot's faction goes to the new seat", async () => {
    // bots49, found on The Old World: the coast slots went to the first factions, and the Dark
    // Elves (R-CAMP-3: a coast slot) were left with none: 13 of 14 seats filled.
    const bodies: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        const number = Number(/\/seats\/(\d+)\/bot$/.exec(new URL(input.url).pathname)?.[1]);
        const body = (await input.clone().json()) as Record<string, unknown>;
        bodies.push(`${number} ${String(body["faction"])} ${String(body["slot"])}`);
        if (body["faction"] === "dark_elves" && body["slot"] !== 1) return problem(422, "Dark Elves must start on a coast tile.", "R-CAMP-3");
        return json({ number, faction: body["faction"], slot: body["slot"], bot: { difficulty: "normal", personality: "builder" } });
      }),
    );
    const campaign = { id: ID, is_owner: true } as Schemas["CampaignRead"];
    const factions = [
      { key: "dwarfs", name: "Dwarfs" },
      { key: "empire", name: "Empire" },
      { key: "dark_elves", name: "Dark Elves" },
    ];
    wrap(<LobbyBots campaign={campaign} players={[player(1, "dwarfs", 0)]} seats={3} factions={factions} slots={3} />);
    fireEvent.click(screen.getByRole("button", { name: "Fill the 2 empty seats with bots" }));
    await waitFor(() => expect(screen.getByTestId("bots-progress").textContent).toBe("2 of 2 bots seated"));
    expect(bodies).toEqual(["2 empire 1", "3 dark_elves 2", "2 dark_elves 1", "3 empire 2"]);
  });

  it("stops at a refusal that is not about the faction or slot, and shows the problem", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => problem(409, "The campaign is full.", "R-CAMP-1")),
    );
    const campaign = { id: ID, is_owner: true } as Schemas["CampaignRead"];
    wrap(<LobbyBots campaign={campaign} players={[]} seats={2} factions={[{ key: "dwarfs", name: "Dwarfs" }, { key: "empire", name: "Empire" }]} slots={2} />);
    fireEvent.click(screen.getByRole("button", { name: "Fill the 2 empty seats with bots" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The campaign is full.");
  });

  it("offers the owner a bot on a seat in civil disorder (no faction or slot sent), nobody else", async () => {
    const bodies: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        bodies.push(`${input.method} ${new URL(input.url).pathname} ${await input.clone().text()}`);
        return json({ number: 2, bot: { difficulty: "easy", personality: "raider" } });
      }),
    );
    const seat = { number: 2, name: "Bea", civil_disorder: true, bot: null } as Schemas["PlayerRead"];
    const { unmount } = wrap(<SeatBotControls campaign={{ id: ID, is_owner: false } as Schemas["CampaignRead"]} player={seat} />);
    expect(screen.queryByRole("button")).toBeNull();
    unmount();
    wrap(<SeatBotControls campaign={{ id: ID, is_owner: true } as Schemas["CampaignRead"]} player={seat} />);
    expect(screen.queryByRole("button", { name: "Remove the bot of seat 2" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Bot difficulty #2"), { target: { value: "easy" } });
    fireEvent.change(screen.getByLabelText("Bot personality #2"), { target: { value: "raider" } });
    fireEvent.click(screen.getByRole("button", { name: "Put a bot on seat 2" }));
    await waitFor(() => expect(bodies).toEqual([`PUT /v1/campaigns/${ID}/seats/2/bot {"difficulty":"easy","personality":"raider"}`]));
  });
});
