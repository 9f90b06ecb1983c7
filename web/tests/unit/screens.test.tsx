// @vitest-environment jsdom
// The forms of the seats, generals, battles, notifications and game master screens: what they
// send, and that a refusal shows the server's detail and rule id while the form keeps its input.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, type Schemas } from "../../src/api/client.ts";
import { I18nProvider } from "../../src/i18n.tsx";
import { BattlesPanel, localToIso, ReportForm } from "../../src/features/battles/Battles.tsx";
import { CreateCampaign, parseJsonField } from "../../src/features/campaigns/Campaigns.tsx";
import { GameMasterPanel } from "../../src/features/gamemaster/GameMaster.tsx";
import { raiseBody, RaiseForm } from "../../src/features/generals/Generals.tsx";
import { SeatOffers, SeatsPanel } from "../../src/features/seats/Seats.tsx";
import { preferencesBody, NotificationSettings } from "../../src/features/settings/Notifications.tsx";
import { MyReliability } from "../../src/features/settings/Reliability.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;
const CAMPAIGN = "11111111-2222-3333-4444-555555555555";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.pushState(null, "", "/");
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const problem = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Refused", status, detail, code }), {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });

/** A fetch that answers "METHOD /path" from `routes` (404 otherwise) and records the requests. */
function serve(routes: Record<string, Handler>) {
  const requests: { key: string; body: string }[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    requests.push({ key, body: input.method === "GET" ? "" : await input.clone().text() });
    const handler = routes[key];
    return handler ? handler(input) : problem(404, `no route ${key}`, "test.none");
  });
  vi.stubGlobal("fetch", fetchMock);
  return requests;
}

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

function tree(node: React.ReactNode) {
  return (
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

function wrap(node: React.ReactNode) {
  queryClient.clear();
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", "en");
  return render(tree(node));
}

const campaign = (over: Partial<Schemas["CampaignRead"]> = {}): Schemas["CampaignRead"] =>
  ({
    id: CAMPAIGN,
    name: "Border war",
    status: "active",
    turn: 3,
    players: 2,
    is_owner: true,
    my_player: 1,
    map_id: "m",
    invite_code: null,
    created_at: "2026-12-01T10:00:00Z",
    started_at: "2026-12-01T10:00:00Z",
    ended_at: null,
    settings: {},
    ...over,
  }) as Schemas["CampaignRead"];

const player = (number: number, name: string, over: Partial<Schemas["PlayerRead"]> = {}): Schemas["PlayerRead"] =>
  ({ number, name, faction: "empire", slot: number - 1, is_you: false, is_owner: false, inactive: false, ready: false, infamy: 0, missed_turns: 0, ...over }) as Schemas["PlayerRead"];

describe("seat offers", () => {
  it("lists the seats offered to me; accepting takes the seat and opens the campaign", async () => {
    const offer = {
      id: "o1",
      campaign_id: CAMPAIGN,
      campaign_name: "Border war",
      campaign_status: "active",
      faction: "dwarfs",
      number: 2,
      offered_by: "Alice",
      origin: "handover",
      turn: 3,
      made_at: "2026-12-01T10:00:00Z",
    };
    const requests = serve({
      "GET /v1/users/me/seat-offers": () => json({ items: [offer], total: 1, limit: 100, offset: 0 }),
      "POST /v1/users/me/seat-offers/o1/accept": () => json(campaign({ is_owner: false, my_player: 2 })),
    });
    wrap(<SeatOffers />);
    const region = await screen.findByRole("region", { name: "Seats offered to you" });
    expect(region.textContent).toContain("seat 2");
    expect(region.textContent).toContain("offered by Alice");
    fireEvent.click(within(region).getByRole("button", { name: "Accept · Border war" }));
    await waitFor(() => expect(window.location.pathname).toBe(`/campaigns/${CAMPAIGN}`));
    expect(requests.map((r) => r.key)).toContain("POST /v1/users/me/seat-offers/o1/accept");
  });

  it("a refused handover shows the detail and rule id and keeps the username typed", async () => {
    const requests = serve({
      [`GET /v1/campaigns/${CAMPAIGN}/players`]: () => json([player(1, "Alice", { is_you: true, is_owner: true }), player(2, "Bruno")]),
      [`GET /v1/campaigns/${CAMPAIGN}/vacation`]: () => json({ until: null, days_used: 0, days_left: 7, deadline_at: null }),
      [`GET /v1/campaigns/${CAMPAIGN}/seat-offers`]: () => json([]),
      [`POST /v1/campaigns/${CAMPAIGN}/players/2/handover`]: () => problem(422, "No user has this username.", "R-CAMP-6"),
    });
    wrap(<SeatsPanel campaign={campaign()} />);
    const input = await screen.findByLabelText("Give seat to user: 2");
    fireEvent.change(input, { target: { value: "nobody" } });
    fireEvent.click(screen.getByRole("button", { name: "Hand over seat #2" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No user has this username.");
    expect(alert.textContent).toContain("R-CAMP-6");
    expect((screen.getByLabelText("Give seat to user: 2") as HTMLInputElement).value).toBe("nobody");
    const sent = requests.find((r) => r.key.endsWith("/players/2/handover"));
    expect(JSON.parse(sent?.body ?? "{}")).toEqual({ username: "nobody" });
  });

  it("a vacation is asked for in days", async () => {
    const requests = serve({
      [`GET /v1/campaigns/${CAMPAIGN}/players`]: () => json([player(1, "Alice", { is_you: true })]),
      [`GET /v1/campaigns/${CAMPAIGN}/vacation`]: () => json({ until: null, days_used: 0, days_left: 7, deadline_at: null }),
      [`POST /v1/campaigns/${CAMPAIGN}/vacation`]: () => json({ until: "2026-12-04T10:00:00Z", days_used: 3, days_left: 4, deadline_at: null }),
    });
    wrap(<SeatsPanel campaign={campaign({ is_owner: false })} />);
    fireEvent.change(await screen.findByLabelText("Days away"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Go on vacation" }));
    await waitFor(() => expect(requests.some((r) => r.key.endsWith("/vacation") && r.key.startsWith("POST"))).toBe(true));
    expect(JSON.parse(requests.find((r) => r.key.startsWith("POST"))?.body ?? "{}")).toEqual({ days: 3 });
  });
});

describe("orders", () => {
  it("raises with a chosen free general, or lets the server recruit one", async () => {
    expect(raiseBody(7, "")).toEqual({ city_id: 7 });
    expect(raiseBody(7, "12")).toEqual({ city_id: 7, general_id: 12 });
    const requests = serve({
      [`GET /v1/campaigns/${CAMPAIGN}/generals`]: () =>
        json({ mine: [{ id: 12, army_id: null }, { id: 13, army_id: 4 }], prisoners: [], captured: [] }),
      [`POST /v1/campaigns/${CAMPAIGN}/armies`]: () => problem(422, "Not enough gold: this costs 12 and you have 5.", "R-ECO-1"),
    });
    wrap(<RaiseForm campaignId={CAMPAIGN} cityId={7} />);
    const select = await screen.findByLabelText("General");
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(2)); // a new recruit, #12 (13 leads an army)
    fireEvent.change(select, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Raise an army here" }));
    expect((await screen.findByRole("alert")).textContent).toContain("R-ECO-1");
    expect((screen.getByLabelText("General") as HTMLSelectElement).value).toBe("12");
    expect(JSON.parse(requests.find((r) => r.key.startsWith("POST"))?.body ?? "{}")).toEqual({ city_id: 7, general_id: 12 });
  });

  it("a battle report form keeps its input when the server refuses it", () => {
    const sent: Schemas["ReportCreate"][] = [];
    const { rerender } = wrap(<ReportForm initial={null} submitLabel="Save the report" pending={false} error={null} onSubmit={(r) => sent.push(r)} />);
    fireEvent.change(screen.getByLabelText("Outcome"), { target: { value: "draw" } });
    fireEvent.change(screen.getByLabelText("Attacker losses %"), { target: { value: "45" } });
    fireEvent.change(screen.getByLabelText("Defender losses %"), { target: { value: "60" } });
    fireEvent.click(screen.getByLabelText("The loser's general was captured"));
    fireEvent.click(screen.getByRole("button", { name: "Check the report" }));
    fireEvent.click(screen.getByRole("button", { name: "Save the report" }));
    expect(sent).toEqual([{ outcome: "draw", attacker_losses_pct: 45, defender_losses_pct: 60, general_captured: true }]);
    // The server refuses: the form shows the problem and still holds what was entered.
    const refused = new ApiError({ status: 422, title: "Rule refused", detail: "Losses above 100 %.", code: "R-BAT-6", help: null, violations: [] });
    rerender(tree(<ReportForm initial={null} submitLabel="Save the report" pending={false} error={refused} onSubmit={(r) => sent.push(r)} />));
    expect(screen.getByRole("alert").textContent).toContain("R-BAT-6");
    fireEvent.click(screen.getByRole("button", { name: "Change the report" }));
    expect((screen.getByLabelText("Attacker losses %") as HTMLInputElement).value).toBe("45");
    expect((screen.getByLabelText("Outcome") as HTMLSelectElement).value).toBe("draw");
  });

  it("a new battle report starts empty, says whose losses are whose and asks before sending", () => {
    const sent: Schemas["ReportCreate"][] = [];
    wrap(
      <ReportForm initial={null} sides={{ attacker: "Alice", defender: "Bruno", yours: "defender" }} submitLabel="Report the result" pending={false} error={null} onSubmit={(r) => sent.push(r)} />,
    );
    expect((screen.getByLabelText("Outcome") as HTMLSelectElement).value).toBe("");
    const theirs = screen.getByLabelText("Opponent's losses % (Alice, Attacker)") as HTMLInputElement;
    const yours = screen.getByLabelText("Your losses % (your army: Defender)") as HTMLInputElement;
    expect([theirs.value, yours.value]).toEqual(["", ""]);
    fireEvent.click(screen.getByRole("button", { name: "Check the report" }));
    expect(screen.queryByTestId("report-check")).toBeNull();
    fireEvent.change(screen.getByLabelText("Outcome"), { target: { value: "defender_victory" } });
    fireEvent.change(theirs, { target: { value: "80" } });
    fireEvent.change(yours, { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Check the report" }));
    expect(screen.getByTestId("report-check").textContent).toContain(
      "You will report: Defender victory; the attacker (Alice) loses 80 %, the defender (Bruno) loses 25 %.",
    );
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Report the result" }));
    expect(sent).toEqual([{ outcome: "defender_victory", attacker_losses_pct: 80, defender_losses_pct: 25, general_captured: false }]);
  });

  it("sends a play-by date with its offset, and reads JSON fields clearly", () => {
    expect(localToIso("2026-12-05T18:30")).toMatch(/^2026-12-0[56]T\d\d:30:00\.000Z$/);
    expect(parseJsonField("  ", "Ruleset")).toBeNull();
    expect(parseJsonField('{"starting_gold": 20}', "Ruleset")).toEqual({ starting_gold: 20 });
    expect(() => parseJsonField("{oops", "Ruleset")).toThrow(/^Ruleset: /);
  });
});

describe("battles", () => {
  const battle = (over: Partial<Schemas["BattleRead"]>): Schemas["BattleRead"] =>
    ({
      id: 9,
      kind: "field",
      q: 5,
      r: 1,
      turn: 2,
      status: "disputed",
      your_side: null,
      attacker: { players: [{ number: 1, name: "Alice" }], forces: null },
      defender: { players: [{ number: 2, name: "Bruno" }], forces: null },
      report: { outcome: "attacker_victory", attacker_losses_pct: 30, defender_losses_pct: 60, general_captured: false, reported_by: null, reported_side: "attacker", arbitrated: false, version: 1, fate: null },
      rejection_reason: "Not what happened.",
      resolved_turn: null,
      stake: null,
      play_by: null,
      play_by_proposal: null,
      ...over,
    }) as Schemas["BattleRead"];

  it("the game master rules a disputed battle with a result, or cancels it", async () => {
    const requests = serve({ [`POST /v1/campaigns/${CAMPAIGN}/battles/9/arbitrate`]: () => json(battle({ status: "confirmed" })) });
    wrap(<BattlesPanel campaignId={CAMPAIGN} battles={[battle({})]} isOwner={true} />);
    const arbitration = screen.getByRole("group", { name: "Arbitration (game master)" });
    fireEvent.change(within(arbitration).getByLabelText("Outcome"), { target: { value: "defender_victory" } });
    fireEvent.click(within(arbitration).getByRole("button", { name: "Check the report" }));
    fireEvent.click(within(arbitration).getByRole("button", { name: "Rule this result" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(requests[0]?.body ?? "{}")).toEqual({
      cancel: false,
      report: { outcome: "defender_victory", attacker_losses_pct: 30, defender_losses_pct: 60, general_captured: false },
    });
    fireEvent.click(within(arbitration).getByRole("button", { name: "Cancel the battle #9" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(JSON.parse(requests[1]?.body ?? "{}")).toEqual({ cancel: true });
  });

  it("a player accepts the other side's play-by date, and edits their own report", async () => {
    const requests = serve({
      [`POST /v1/campaigns/${CAMPAIGN}/battles/9/play-by/accept`]: () => json(battle({})),
      [`PUT /v1/campaigns/${CAMPAIGN}/battles/9/report`]: () => problem(409, "The other side has already answered.", "R-BAT-6"),
    });
    const proposed = battle({ status: "reported", your_side: "attacker", play_by_proposal: { date: "2026-12-05T18:00:00Z", side: "defender" } });
    wrap(<BattlesPanel campaignId={CAMPAIGN} battles={[proposed]} isOwner={false} />);
    expect(screen.queryByRole("group", { name: "Arbitration (game master)" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Accept the date #9" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(requests[0]?.body ?? "{}")).toEqual({ date: "2026-12-05T18:00:00Z" });
    fireEvent.click(screen.getByRole("button", { name: "Edit the report #9" }));
    fireEvent.change(screen.getByLabelText("Opponent's losses % (Bruno, Defender)"), { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Check the report" }));
    fireEvent.click(screen.getByRole("button", { name: "Save the report" }));
    expect((await screen.findByRole("alert")).textContent).toContain("R-BAT-6");
    fireEvent.click(screen.getByRole("button", { name: "Change the report" }));
    expect((screen.getByLabelText("Opponent's losses % (Bruno, Defender)") as HTMLInputElement).value).toBe("80");
    expect(requests[1]?.key).toBe(`PUT /v1/campaigns/${CAMPAIGN}/battles/9/report`);
  });
});

describe("creation", () => {
  it("uploads a map file, then creates the campaign on it with the ruleset variant", async () => {
    const map = { name: "Isle", width: 2, height: 1, wrap: "none", slots: [[0, 0]], tiles: [] };
    const requests = serve({
      "GET /v1/maps": () => json({ items: [], total: 0, limit: 100, offset: 0 }),
      "POST /v1/maps": () => json({ id: "map-1", name: "Isle", width: 2, height: 1, slots: 1 }, 201),
      "POST /v1/campaigns": () => problem(422, "A campaign needs a map with at least 2 slots.", "R-MAP-4"),
    });
    wrap(<CreateCampaign />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Islands" } });
    fireEvent.click(screen.getByLabelText("Uploaded map"));
    const file = new File([JSON.stringify(map)], "isle.json", { type: "application/json" });
    // jsdom's File has no text(); the browsers' has.
    Object.defineProperty(file, "text", { value: async () => JSON.stringify(map) });
    fireEvent.change(screen.getByLabelText("Map file (JSON)"), { target: { files: [file] } });
    await screen.findByText("isle.json");
    fireEvent.change(screen.getByLabelText(/Ruleset variant/), { target: { value: '{"starting_gold": 20}' } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toContain("R-MAP-4");
    const posts = requests.filter((r) => r.key.startsWith("POST"));
    expect(posts.map((r) => r.key)).toEqual(["POST /v1/maps", "POST /v1/campaigns"]);
    expect(JSON.parse(posts[0]?.body ?? "{}")).toEqual(map);
    expect(JSON.parse(posts[1]?.body ?? "{}")).toMatchObject({ name: "Islands", map_id: "map-1", ruleset: { starting_gold: 20 } });
    // What was typed stays; the uploaded map is now the chosen one (no second upload on retry).
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Islands");
    expect((screen.getByLabelText(/Ruleset variant/) as HTMLTextAreaElement).value).toBe('{"starting_gold": 20}');
  });

  it("a malformed ruleset variant is refused before anything is sent", async () => {
    const requests = serve({ "GET /v1/maps": () => json({ items: [{ id: "m", name: "Skirmish", width: 9, height: 9, slots: 3 }], total: 1, limit: 100, offset: 0 }) });
    wrap(<CreateCampaign />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Oops" } });
    fireEvent.change(screen.getByLabelText(/Ruleset variant/), { target: { value: "{not json" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Ruleset variant/);
    expect(requests.filter((r) => r.key.startsWith("POST"))).toEqual([]);
  });
});

describe("notifications and the game master", () => {
  it("saves quiet hours; a refusal keeps the form as typed", async () => {
    expect(
      preferencesBody({
        timeZone: " ",
        quietStart: "",
        quietEnd: "07:30",
        vacation: true,
        digestHour: "19",
        kinds: { turn_started: { email: "digest", inbox: "on", push: "on", webhook: "on" }, summary_ready: { email: "on", inbox: "on", push: "on", webhook: "on" } },
      }),
    ).toEqual({
      time_zone: "UTC",
      quiet_start: null,
      quiet_end: "07:30",
      vacation: true,
      digest_hour: 19,
      kinds: { turn_started: { email: "digest", inbox: "on", push: "on", webhook: "on" } },
    });
    const requests = serve({
      "GET /v1/users/me/notifications": () => json({ time_zone: "UTC", quiet_start: null, quiet_end: null, vacation: false }),
      "PUT /v1/users/me/notifications": () => problem(422, "Unknown time zone: Mars/Olympus.", "validation"),
    });
    wrap(<NotificationSettings />);
    await waitFor(() => expect((screen.getByLabelText("Time zone (IANA)") as HTMLInputElement).value).toBe("UTC"));
    fireEvent.change(screen.getByLabelText("Time zone (IANA)"), { target: { value: "Mars/Olympus" } });
    fireEvent.change(screen.getByLabelText("Quiet hours start"), { target: { value: "22:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Unknown time zone");
    expect((screen.getByLabelText("Time zone (IANA)") as HTMLInputElement).value).toBe("Mars/Olympus");
    expect(JSON.parse(requests.find((r) => r.key.startsWith("PUT"))?.body ?? "{}")).toEqual({
      time_zone: "Mars/Olympus",
      quiet_start: "22:00",
      quiet_end: null,
      vacation: false,
      digest_hour: 8,
      kinds: {},
    });
  });

  it("shows the user's reliability as counts (R-CAMP-14)", async () => {
    serve({
      "GET /v1/users/me/reliability": () =>
        json({ campaigns: 2, turns: { on_time: 7, missed: 1, civil_disorder: 0, excused: 2 }, battles: { on_time: 3, late: 1 } }),
    });
    wrap(<MyReliability />);
    const section = await screen.findByRole("region", { name: "Reliability" });
    await waitFor(() => expect(section.textContent).toContain("7 on time · 1 missed · 0 in civil disorder · 2 excused (2 campaigns)"));
    expect(section.textContent).toContain("3 on time · 1 late");
  });

  it("rolls back only once the game master is sure, and shows a refusal's rule", async () => {
    const requests = serve({
      [`GET /v1/campaigns/${CAMPAIGN}/turn/rollbacks`]: () => json({ items: [], total: 0, limit: 100, offset: 0 }),
      [`POST /v1/campaigns/${CAMPAIGN}/turn/rollback`]: () => problem(409, "Nothing to roll back: no turn has changed yet.", "R-TURN-6"),
    });
    wrap(<GameMasterPanel campaign={campaign({ my_player: null })} />);
    expect(screen.getByText(/without playing/)).toBeTruthy();
    const button = screen.getByRole("button", { name: "Roll back the last turn change" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("I am sure"));
    fireEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toContain("R-TURN-6");
    expect(requests.filter((r) => r.key.endsWith("/turn/rollback"))).toHaveLength(1);
  });
});
