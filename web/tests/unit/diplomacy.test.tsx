// @vitest-environment jsdom
// The forms a whole campaign needs beyond the first turns: every kind of edict and the treaties
// they make (broken from the page), the owner's turn clock (pause, resume, a later deadline), a
// seat's holders, a webhook's delivery log and a house rule edited in place.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { I18nProvider } from "../../src/i18n.tsx";
import { citiesOf, EdictsPanel, edictBody, EMPTY_EDICT, needsRecipient } from "../../src/features/diplomacy/Diplomacy.tsx";
import { TurnClock } from "../../src/features/gamemaster/GameMaster.tsx";
import { SeatHolders } from "../../src/features/seats/Seats.tsx";
import { amendmentPatch, HouseRulesPanel } from "../../src/features/campaigns/HouseRules.tsx";
import { DeliveryLog } from "../../src/features/settings/Webhooks.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

// The machine running the checks may be busy: give the fake server's answers time to render.
configure({ asyncUtilTimeout: 5000 });

type Handler = (request: Request) => Response | Promise<Response>;
const CAMPAIGN = "11111111-2222-3333-4444-555555555555";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Refused", status, detail, code }), { status, headers: { "Content-Type": "application/problem+json" } });

/** A fetch that answers "METHOD /path" from `routes` (404 otherwise) and records the requests. */
function serve(routes: Record<string, Handler>) {
  const requests: { key: string; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const key = `${input.method} ${new URL(input.url).pathname}`;
      requests.push({ key, body: input.method === "GET" ? "" : await input.clone().text() });
      const handler = routes[key];
      return handler ? handler(input) : problem(404, `no route ${key}`, "test.none");
    }),
  );
  return requests;
}

function wrap(node: React.ReactNode) {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", "en");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={client}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const base = `/v1/campaigns/${CAMPAIGN}`;
const sent = (requests: { key: string; body: string }[], key: string): unknown => JSON.parse(requests.find((r) => r.key === key)?.body ?? "null");

const city = (q: number, r: number, owner: number, id: number | null, name: string, fog: Schemas["Visibility"] = "visible"): Schemas["WorldTile"] =>
  ({ q, r, fog, owner, name, terrain: "plain", structure: { kind: "city", level: 1, ...(id === null ? {} : { id }) } }) as Schemas["WorldTile"];

const WORLD: Schemas["WorldMap"] = {
  turn: 4,
  width: 8,
  height: 4,
  wrap: "none",
  tiles: [
    city(0, 0, 1, 11, "Altdorf"),
    city(3, 1, 1, 12, "Nuln"),
    city(6, 2, 2, 21, "Karak", "explored"),
    city(7, 3, 2, null, "Unknown"),
    { q: 5, r: 1, fog: "visible", owner: 2, terrain: "plain", structure: { kind: "outpost", level: 1, id: 30 } } as Schemas["WorldTile"],
  ],
};

const players = [
  { number: 1, name: "Alice", is_you: true },
  { number: 2, name: "Bruno", is_you: false },
];

const edict = (over: Partial<Schemas["EdictRead"]>): Schemas["EdictRead"] =>
  ({ id: 1, turn: 4, kind: "embassy", status: "proposed", sender: 2, sender_name: "Bruno", recipient: 1, recipient_name: "Alice", cost: 2, created_at: "2026-12-01T10:00:00Z", ...over }) as Schemas["EdictRead"];

describe("edicts", () => {
  it("sends only the fields of the chosen kind, numbers as numbers", () => {
    const form = { ...EMPTY_EDICT, to: "2", amount: "15", myCity: "11", theirCity: "21", q: "-3", r: "4", generalId: "9", offer: "demand_vassal" as const };
    expect(edictBody({ ...form, kind: "pact" })).toEqual({ kind: "pact", to: 2 });
    expect(edictBody({ ...form, kind: "gift" })).toEqual({ kind: "gift", to: 2, amount: 15 });
    expect(edictBody({ ...form, kind: "trade" })).toEqual({ kind: "trade", my_city_id: 11, their_city_id: 21 });
    expect(edictBody({ ...form, kind: "vassalage" })).toEqual({ kind: "vassalage", to: 2, offer: "demand_vassal" });
    expect(edictBody({ ...form, kind: "exploration" })).toEqual({ kind: "exploration", q: -3, r: 4 });
    expect(edictBody({ ...form, kind: "release_prisoner" })).toEqual({ kind: "release_prisoner", general_id: 9 });
    expect(needsRecipient("exploration")).toBe(false);
    expect(needsRecipient("trade")).toBe(true);
  });

  it("offers the cities a player owns as the map shows them, seen ones by their remembered id", () => {
    expect(citiesOf(WORLD, 1).map((c) => c.id)).toEqual([11, 12]);
    // An explored city is named by the id it had when last seen; one without an id, and an
    // outpost, cannot be a trade route's end.
    expect(citiesOf(WORLD, 2)).toEqual([{ id: 21, label: "Karak (6, 2)" }]);
    expect(citiesOf(WORLD, null)).toEqual([]);
    expect(citiesOf(undefined, 1)).toEqual([]);
  });

  it("proposes a trade route between two chosen cities; a refusal keeps the form", async () => {
    const requests = serve({
      [`GET ${base}/edicts`]: () => json({ items: [], total: 0, limit: 50, offset: 0 }),
      [`GET ${base}/players`]: () => json(players),
      [`GET ${base}/map`]: () => json(WORLD),
      [`GET ${base}/generals`]: () => json({ mine: [], prisoners: [], captured: [] }),
      [`GET ${base}/treaties`]: () => json([]),
      [`POST ${base}/edicts`]: () => problem(422, "A trade route needs an embassy or better with that player.", "R-DIP-2"),
    });
    wrap(<EdictsPanel campaignId={CAMPAIGN} myNumber={1} />);
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "trade" } });
    const recipient = screen.getByLabelText("Recipient");
    await waitFor(() => expect(within(recipient).getAllByRole("option")).toHaveLength(2));
    fireEvent.change(recipient, { target: { value: "2" } });
    const mine = screen.getByLabelText("My city");
    await waitFor(() => expect(within(mine).getAllByRole("option")).toHaveLength(3)); // —, Altdorf, Nuln
    fireEvent.change(mine, { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText("Their city"), { target: { value: "21" } });
    fireEvent.click(screen.getByRole("button", { name: "Propose" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("R-DIP-2");
    expect(sent(requests, `POST ${base}/edicts`)).toEqual({ kind: "trade", my_city_id: 12, their_city_id: 21 });
    expect((screen.getByLabelText("My city") as HTMLSelectElement).value).toBe("12");
    expect((screen.getByLabelText("Their city") as HTMLSelectElement).value).toBe("21");
  });

  it("offers vassalage either way and releases a prisoner held", async () => {
    const requests = serve({
      [`GET ${base}/edicts`]: () => json({ items: [edict({ kind: "vassalage", offer: "become_vassal" })], total: 1, limit: 50, offset: 0 }),
      [`GET ${base}/players`]: () => json(players),
      [`GET ${base}/map`]: () => json(WORLD),
      [`GET ${base}/generals`]: () => json({ mine: [], prisoners: [{ id: 9, owner: 2, owner_name: "Bruno" }], captured: [] }),
      [`GET ${base}/treaties`]: () => json([]),
      [`POST ${base}/edicts`]: () => json(edict({ id: 2, sender: 1, recipient: null, kind: "release_prisoner", general_id: 9 }), 201),
    });
    wrap(<EdictsPanel campaignId={CAMPAIGN} myNumber={1} />);
    await waitFor(() => expect(screen.getByTestId("edicts").textContent).toContain("Vassalage · I become their vassal"));
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "release_prisoner" } });
    expect(screen.queryByLabelText("Recipient")).toBeNull();
    const prisoner = screen.getByLabelText("Prisoner general");
    await waitFor(() => expect(within(prisoner).getByRole("option", { name: "#9 (Bruno)" })).toBeTruthy());
    fireEvent.change(prisoner, { target: { value: "9" } });
    fireEvent.click(screen.getByRole("button", { name: "Propose" }));
    await waitFor(() => expect(sent(requests, `POST ${base}/edicts`)).toEqual({ kind: "release_prisoner", general_id: 9 }));
  });

  it("lists the treaties and breaks one in force; an ending one cannot be broken again", async () => {
    const treaty = (id: number, kind: Schemas["TreatyKind"], status: Schemas["TreatyStatus"]): Schemas["TreatyRead"] =>
      ({ id, kind, a: 1, a_name: "Alice", b: 2, b_name: "Bruno", since_turn: 3, ends_turn: status === "ending" ? 5 : null, status, city_a: kind === "trade" ? 11 : null, city_b: kind === "trade" ? 21 : null }) as Schemas["TreatyRead"];
    const requests = serve({
      [`GET ${base}/edicts`]: () => json({ items: [], total: 0, limit: 50, offset: 0 }),
      [`GET ${base}/players`]: () => json(players),
      [`GET ${base}/map`]: () => json(WORLD),
      [`GET ${base}/generals`]: () => json({ mine: [], prisoners: [], captured: [] }),
      [`GET ${base}/treaties`]: () => json([treaty(4, "trade", "in_force"), treaty(5, "pact", "ending")]),
      [`DELETE ${base}/treaties/4`]: () => json(treaty(4, "trade", "ending")),
    });
    wrap(<EdictsPanel campaignId={CAMPAIGN} myNumber={1} />);
    const list = await screen.findByTestId("treaties");
    await waitFor(() => expect(list.textContent).toContain("Trade route · Alice ↔ Bruno · city #11 ↔ #21 · from turn 3 · in force"));
    expect(list.textContent).toContain("ends at turn 5 · ending");
    expect(screen.queryByRole("button", { name: "Break treaty #5" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Break treaty #4" }));
    await waitFor(() => expect(requests.some((r) => r.key === `DELETE ${base}/treaties/4`)).toBe(true));
  });
});

describe("the owner's turn clock", () => {
  const turn = (paused: boolean, deadline: string | null): Schemas["TurnRead"] =>
    ({ number: 4, season: null, status: "active", players: [], pending_battles: 0, blocked_by: [], auto_resolve: false, awaiting_owner: false, last_change_at: null, paused, deadline_at: deadline }) as Schemas["TurnRead"];

  it("pauses, resumes and pushes the deadline back by the hours typed", async () => {
    let paused = false;
    const requests = serve({
      [`GET ${base}/turn`]: () => json(turn(paused, "2026-12-02T10:00:00Z")),
      [`POST ${base}/pause`]: () => ((paused = true), json(turn(true, "2026-12-02T10:00:00Z"))),
      [`POST ${base}/resume`]: () => ((paused = false), json(turn(false, "2026-12-02T12:00:00Z"))),
      [`POST ${base}/deadline`]: () => json(turn(false, "2026-12-03T12:00:00Z")),
    });
    wrap(<TurnClock campaignId={CAMPAIGN} />);
    await waitFor(() => expect(screen.getByTestId("clock-state").textContent).toContain("Deadline"));
    fireEvent.click(screen.getByRole("button", { name: "Pause the campaign" }));
    await waitFor(() => expect(screen.getByTestId("clock-state").textContent).toContain("Paused"));
    fireEvent.click(screen.getByRole("button", { name: "Resume the campaign" }));
    await screen.findByRole("button", { name: "Pause the campaign" });
    fireEvent.change(screen.getByLabelText("Hours to add to the deadline"), { target: { value: "36" } });
    fireEvent.click(screen.getByRole("button", { name: "Extend the deadline" }));
    await waitFor(() => expect(sent(requests, `POST ${base}/deadline`)).toEqual({ extend_hours: 36 }));
    expect(requests.filter((r) => r.key === `POST ${base}/pause` || r.key === `POST ${base}/resume`).map((r) => r.key.split("/").pop())).toEqual(["pause", "resume"]);
  });

  it("a refused extension shows the rule and keeps the hours", async () => {
    serve({
      [`GET ${base}/turn`]: () => json(turn(false, null)),
      [`POST ${base}/deadline`]: () => problem(409, "This turn has no deadline to extend.", "R-TURN-3"),
    });
    wrap(<TurnClock campaignId={CAMPAIGN} />);
    fireEvent.change(screen.getByLabelText("Hours to add to the deadline"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Extend the deadline" }));
    expect((await screen.findByRole("alert")).textContent).toContain("R-TURN-3");
    expect((screen.getByLabelText("Hours to add to the deadline") as HTMLInputElement).value).toBe("5");
  });
});

describe("seats and webhooks", () => {
  it("shows who held a seat, from which turn to which, once opened", async () => {
    const requests = serve({
      [`GET ${base}/players/2/holders`]: () =>
        json([
          { name: "Bruno", from_turn: 1, to_turn: 3, is_you: false },
          { name: null, from_turn: 3, to_turn: null, is_you: true },
        ]),
    });
    wrap(<SeatHolders campaignId={CAMPAIGN} number={2} />);
    expect(requests).toHaveLength(0); // nothing asked before the player opens it
    const details = screen.getByTestId("holders-2") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    await waitFor(() => expect(within(details).getAllByRole("listitem")).toHaveLength(2));
    expect(details.textContent).toContain("Bruno · Turn 1 → 3");
    expect(details.textContent).toContain("(hidden) (you) · Turn 3 → now");
  });

  it("lists a webhook's deliveries with the receiver's last answer", async () => {
    serve({
      [`GET ${base}/webhooks/w1/deliveries`]: () =>
        json({
          items: [
            { id: "d2", kind: "ping", status: "failed", attempts: 3, created_at: "2026-12-01T10:00:00Z", next_attempt_at: null, last_attempt_at: "2026-12-01T10:05:00Z", last_status_code: 405, last_error: "Method Not Allowed", delivered_at: null },
            { id: "d1", kind: "turn_started", status: "delivered", attempts: 1, created_at: "2026-12-01T09:00:00Z", next_attempt_at: null, last_attempt_at: "2026-12-01T09:00:01Z", last_status_code: 204, last_error: null, delivered_at: "2026-12-01T09:00:01Z" },
          ],
          total: 2,
          limit: 50,
          offset: 0,
        }),
    });
    wrap(<DeliveryLog campaignId={CAMPAIGN} webhookId="w1" />);
    const details = screen.getByTestId("deliveries") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const rows = await within(details).findAllByRole("row");
    expect(rows).toHaveLength(3); // the header and two deliveries
    expect(rows[1]?.textContent).toContain("ping");
    expect(rows[1]?.textContent).toContain("405 · Method Not Allowed");
    expect(rows[2]?.getAttribute("data-delivery-status")).toBe("delivered");
  });
});

describe("house rules", () => {
  const rule = (over: Partial<Schemas["HouseRuleRead"]> = {}): Schemas["HouseRuleRead"] => ({
    id: 7,
    position: 1,
    section: "Sieges",
    page: "p. 12",
    kind: "add",
    text: "Sieges last two turns.",
    created_at: "2026-12-01T10:00:00Z",
    updated_at: "2026-12-01T10:00:00Z",
    ...over,
  });

  it("an edit sends only what changed", () => {
    const form = { kind: "add" as const, section: "Sieges", page: "p. 12", text: "Sieges last two turns.", position: "1" };
    expect(amendmentPatch(rule(), form)).toEqual({});
    expect(amendmentPatch(rule(), { ...form, text: "Sieges last three turns.", page: "" })).toEqual({ text: "Sieges last three turns.", page: null });
    expect(amendmentPatch(rule(), { ...form, kind: "replace", section: " Magic ", position: "2" })).toEqual({ kind: "replace", section: "Magic", position: 2 });
  });

  it("the owner edits an amendment in place; a refusal keeps the edit open with its text", async () => {
    let refuse = true;
    const requests = serve({
      [`GET ${base}/house-rules`]: () => json({ game_system: "old_world", amendments: [rule()] }),
      [`PATCH ${base}/house-rules/7`]: () => (refuse ? problem(422, "Text too long.", "R-HOUSE-1") : json(rule({ text: "Sieges last three turns." }))),
    });
    const campaign = { id: CAMPAIGN, is_owner: true } as Schemas["CampaignRead"];
    wrap(<HouseRulesPanel campaign={campaign} />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit · Sieges" }));
    const editor = screen.getByRole("form", { name: "Edit · Sieges" });
    fireEvent.change(within(editor).getByLabelText("Text of the amendment"), { target: { value: "Sieges last three turns." } });
    fireEvent.click(within(editor).getByRole("button", { name: "Save the amendment" }));
    expect((await within(editor).findByRole("alert")).textContent).toContain("R-HOUSE-1");
    expect((within(editor).getByLabelText("Text of the amendment") as HTMLTextAreaElement).value).toBe("Sieges last three turns.");
    refuse = false;
    fireEvent.click(within(editor).getByRole("button", { name: "Save the amendment" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit · Sieges" })).toBeNull());
    const patches = requests.filter((r) => r.key === `PATCH ${base}/house-rules/7`);
    expect(patches.map((p) => JSON.parse(p.body))).toEqual([{ text: "Sieges last three turns." }, { text: "Sieges last three turns." }]);
  });
});
