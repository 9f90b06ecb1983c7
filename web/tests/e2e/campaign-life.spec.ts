// What a group needs past the first turns, through the page: a trade route proposed between
// two cities and accepted, vassalage offered and accepted, a treaty broken; a disputed battle
// ruled by the game master; the owner's turn clock (pause, resume, a later deadline); a
// webhook's delivery log; a house rule edited in place; a seat's holders. The moves, the
// embassy the trade route needs and the turn changes are set up through the API (the campaign
// spec plays those through the page).
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, expectAccessible, PASSWORD, uniqueName, reportBattle } from "./helpers.ts";

type S = components["schemas"];
const BASE = process.env["MARCHLORDS_BASE_URL"] ?? "http://127.0.0.1:8000";

interface Player {
  page: Page;
  name: string;
  token: string;
}

/** A user made through the API, with a page signed in as them. */
async function player(browser: Browser, label: string): Promise<Player> {
  const page = await (await browser.newContext({ locale: "en-GB" })).newPage();
  const name = uniqueName(label);
  await apiCall(page.request, "", "POST", "/v1/users", { username: name, password: PASSWORD, display_name: name });
  const grant = await page.request.post("/v1/auth/token", { form: { grant_type: "password", username: name, password: PASSWORD, scope: "" } });
  const token = ((await grant.json()) as S["AccessToken"]).access_token;
  await page.goto("/");
  await page.evaluate((value) => localStorage.setItem("marchlords.token", value), token);
  return { page, name, token };
}

async function moveTo(p: Player, base: string, q: number, r: number): Promise<void> {
  const army = (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reach = await apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${army?.id}/reachable`);
  const tile = reach.find((t) => t.q === q && t.r === r);
  expect(tile, `(${q}, ${r}) reachable`).toBeTruthy();
  await apiCall(p.page.request, p.token, "PUT", `${base}/armies/${army?.id}/move`, { path: tile?.path });
}

async function changeTurn(owner: Player, all: Player[], base: string, to: number): Promise<void> {
  for (const p of all) await apiCall(p.page.request, p.token, "PUT", `${base}/turn/ready`);
  await apiCall(owner.page.request, owner.token, "POST", `${base}/turn/resolve`);
  for (const p of all) await expect(p.page.getByTestId("turn")).toHaveText(String(to));
}

test("trade, vassalage and a broken treaty; a disputed battle ruled; the owner's clock, hooks and house rules", async ({ browser }) => {
  const gm = await player(browser, "gwen"); // the owner: plays far from the battle, so may rule on it
  const a = await player(browser, "arno");
  const b = await player(browser, "bea");
  const all = [gm, a, b];
  const campaign = await apiCall<S["CampaignRead"]>(gm.page.request, gm.token, "POST", "/v1/campaigns", {
    name: uniqueName("Long war "),
    map_id: (await apiGet<S["MapPage"]>(gm.page.request, gm.token, "/v1/maps?limit=100")).items.find((m) => m.builtin_key === "skirmish")?.id,
    settings: { turn_deadline_hours: 48 },
    // A wider sight: Arno's army sees Bea's capital once it stands next to it.
    ruleset: { movement: { sight: 3 }, starting_gold: 100 },
  });
  const base = `/v1/campaigns/${campaign.id}`;
  for (const [p, faction, slot] of [
    [a, "empire", 0],
    [b, "orcs_goblins", 1],
    [gm, "dwarfs", 2],
  ] as const) {
    await apiCall(p.page.request, p.token, "POST", `${base}/players`, { invite_code: campaign.invite_code });
    await apiCall(p.page.request, p.token, "PATCH", `${base}/players/me`, { faction, slot });
  }
  await apiCall(gm.page.request, gm.token, "POST", `${base}/start`);
  await apiCall(gm.page.request, gm.token, "POST", `${base}/house-rules`, { kind: "add", section: "Sieges", text: "Sieges last two turns." });
  for (const p of all) await p.page.goto(`/campaigns/${campaign.id}`);
  for (const p of all) await expect(p.page.getByTestId("turn")).toHaveText("1");

  // The owner's clock: pause (everyone's status bar says so), resume, push the deadline back.
  await gm.page.getByRole("tab", { name: "Game master" }).click();
  const clock = gm.page.getByTestId("turn-clock");
  const before = (await apiGet<S["TurnRead"]>(gm.page.request, gm.token, `${base}/turn`)).deadline_at ?? "";
  expect(before).not.toBe("");
  await clock.getByRole("button", { name: "Pause the campaign" }).click();
  await expect(clock.getByTestId("clock-state")).toContainText("Paused");
  await expect(gm.page.getByTestId("paused")).toBeVisible();
  expect((await apiGet<S["TurnRead"]>(a.page.request, a.token, `${base}/turn`)).paused).toBe(true);
  await a.page.reload();
  await expect(a.page.getByTestId("paused")).toBeVisible();
  await expectAccessible(gm.page, "turn clock");
  await clock.getByRole("button", { name: "Resume the campaign" }).click();
  await expect(clock.getByTestId("clock-state")).toContainText("running");
  await expect(gm.page.getByTestId("paused")).toHaveCount(0);
  const resumed = Date.parse((await apiGet<S["TurnRead"]>(gm.page.request, gm.token, `${base}/turn`)).deadline_at ?? "");
  await clock.getByLabel("Hours to add to the deadline").fill("24");
  await clock.getByRole("button", { name: "Extend the deadline" }).click();
  await expect
    .poll(async () => Date.parse((await apiGet<S["TurnRead"]>(gm.page.request, gm.token, `${base}/turn`)).deadline_at ?? "") - resumed)
    .toBe(24 * 3600 * 1000);

  // A webhook on the server itself (loopback is allowed in the tests): the test it sends is in
  // its delivery log, with the receiver's answer.
  await gm.page.getByRole("tab", { name: "Notifications" }).click();
  await gm.page.getByLabel(/Webhook URL/).fill(`${BASE}/healthz`);
  await gm.page.getByRole("button", { name: "Add the webhook" }).click();
  const hooks = gm.page.getByTestId("webhooks");
  await expect(hooks.getByRole("listitem")).toHaveCount(1);
  await hooks.getByRole("button", { name: "Send a test" }).click();
  await expect(hooks.getByRole("status").last()).toContainText("Test queued");
  await hooks.getByTestId("deliveries").locator("summary").click();
  await expect(hooks.getByRole("row").filter({ hasText: "ping" })).toHaveCount(1, { timeout: 30_000 });
  await expectAccessible(gm.page, "delivery log");

  // A house rule edited in place; the change is in its history.
  await gm.page.getByRole("tab", { name: "History" }).click();
  const rules = gm.page.getByTestId("house-rules");
  await rules.getByRole("button", { name: "Edit · Sieges" }).click();
  const editor = rules.getByRole("form", { name: "Edit · Sieges" });
  await editor.getByLabel("Text of the amendment").fill("Sieges last three turns.");
  await editor.getByLabel("Page").fill("87");
  await expectAccessible(gm.page, "house rule editor");
  await editor.getByRole("button", { name: "Save the amendment" }).click();
  await expect(rules).toContainText("Sieges last three turns.");
  await expect(rules).toContainText("(p. 87)");
  const amended = await apiGet<S["HouseRules"]>(b.page.request, b.token, `${base}/house-rules`);
  expect(amended.amendments.map((x) => [x.text, x.page])).toEqual([["Sieges last three turns.", "87"]]);
  await rules.getByTestId("house-rule-changes").locator("summary").click();
  await expect(rules.getByTestId("house-rule-changes")).toContainText("update");

  // Turn 1: Arno and Bea march on (5, 1); Arno and Bea agree an embassy (a trade route needs one).
  await moveTo(a, base, 5, 1);
  await moveTo(b, base, 5, 1);
  const embassy = await apiCall<S["EdictRead"]>(a.page.request, a.token, "POST", `${base}/edicts`, { kind: "embassy", to: 2 });
  await apiCall(b.page.request, b.token, "POST", `${base}/edicts/${embassy.id}/accept`);
  await changeTurn(gm, all, base, 2);

  // Turn 2: Arno proposes a trade route between his capital and Bea's, now in sight.
  await a.page.getByRole("tab", { name: "Edicts" }).click();
  await a.page.getByRole("combobox", { name: "Kind", exact: true }).selectOption("trade");
  await a.page.getByRole("combobox", { name: "Recipient", exact: true }).selectOption({ label: `2. ${b.name}` });
  await a.page.getByRole("combobox", { name: "My city", exact: true }).selectOption({ index: 1 });
  await a.page.getByRole("combobox", { name: "Their city", exact: true }).selectOption({ index: 1 });
  await expectAccessible(a.page, "trade edict");
  await a.page.getByRole("button", { name: "Propose" }).click();
  const trade = a.page.locator('[data-testid=edicts] li[data-kind="trade"]');
  await expect(trade).toHaveAttribute("data-status", "proposed");
  await expect(a.page.getByTestId("treaties")).toContainText("Embassy");
  // Bea accepts it, and offers to become the owner's vassal.
  await b.page.getByRole("tab", { name: "Edicts" }).click();
  await b.page.locator('[data-testid=edicts] li[data-kind="trade"]').getByRole("button", { name: /^Accept #/ }).click();
  await expect(b.page.locator('[data-testid=edicts] li[data-kind="trade"]')).toHaveAttribute("data-status", "accepted");
  await b.page.getByRole("combobox", { name: "Kind", exact: true }).selectOption("vassalage");
  await b.page.getByRole("combobox", { name: "Recipient", exact: true }).selectOption({ label: `3. ${gm.name}` });
  await b.page.getByRole("combobox", { name: "Offer", exact: true }).selectOption("become_vassal");
  await b.page.getByRole("button", { name: "Propose" }).click();
  await expect(b.page.locator('[data-testid=edicts] li[data-kind="vassalage"]')).toContainText("I become their vassal");
  await gm.page.getByRole("tab", { name: "Edicts" }).click();
  await gm.page.locator('[data-testid=edicts] li[data-kind="vassalage"]').getByRole("button", { name: /^Accept #/ }).click();
  await expect(gm.page.locator('[data-testid=edicts] li[data-kind="vassalage"]')).toHaveAttribute("data-status", "accepted");

  // The battle at (5, 1): Arno reports, Bea rejects it; the game master rules on the dispute.
  const battle = (await apiGet<S["BattlePage"]>(a.page.request, a.token, `${base}/battles`)).items[0];
  expect(battle).toBeTruthy();
  await apiCall(a.page.request, a.token, "POST", `${base}/battles/${battle?.id}/report`, { outcome: "attacker_victory", attacker_losses_pct: 10, defender_losses_pct: 90, general_captured: false });
  await apiCall(b.page.request, b.token, "POST", `${base}/battles/${battle?.id}/reject`, { reason: "We drew that game." });
  await gm.page.getByRole("tab", { name: /Battles/ }).click();
  const ruling = gm.page.getByTestId("arbitration");
  await expect(gm.page.getByTestId("battle-status")).toHaveAttribute("data-status", "disputed");
  await expect(gm.page.locator(`li[data-battle-id="${battle?.id}"]`)).toContainText("We drew that game.");
  await expectAccessible(gm.page, "arbitration");
  await reportBattle(ruling, "draw", 40, 40, "Rule this result");
  // Ruled, it stays in the list of the owner who was asked to rule on it (R-BAT-5), confirmed.
  await expect(gm.page.locator(`li[data-battle-id="${battle?.id}"]`)).toContainText("arbitrated");
  const ruled = await apiGet<S["BattleRead"]>(b.page.request, b.token, `${base}/battles/${battle?.id}`);
  expect([ruled.status, ruled.report?.outcome, ruled.report?.arbitrated]).toEqual(["confirmed", "draw", true]);
  await b.page.getByRole("tab", { name: /Battles/ }).click();
  await expect(b.page.getByTestId("battle-status")).toHaveAttribute("data-status", "confirmed");
  await expect(b.page.locator(`li[data-battle-id="${battle?.id}"]`)).toContainText(/Draw: the attacker \(.+\) lost 40 %, the defender \(.+\) 40 %/);
  await expect(b.page.locator(`li[data-battle-id="${battle?.id}"]`)).toContainText("arbitrated");

  // Turn 3: the trade route and the vassalage are in force; Arno breaks the route.
  await changeTurn(gm, all, base, 3);
  await a.page.getByRole("tab", { name: "Edicts" }).click();
  const route = a.page.locator('[data-testid=treaties] li[data-kind="trade"]');
  await expect(route).toHaveAttribute("data-status", "in_force");
  await route.getByRole("button", { name: /^Break treaty #/ }).click();
  await expect(route).toHaveAttribute("data-status", "ending");
  await expect(route).toContainText("ends at turn");
  const treaties = await apiGet<S["TreatyRead"][]>(b.page.request, b.token, `${base}/treaties`);
  expect(treaties.find((x) => x.kind === "trade")?.status).toBe("ending");
  expect(treaties.find((x) => x.kind === "vassalage")?.status).toBe("in_force");
  await gm.page.getByRole("tab", { name: "Edicts" }).click();
  await expect(gm.page.locator('[data-testid=treaties] li[data-kind="vassalage"]')).toHaveAttribute("data-status", "in_force");

  // The seats: seat 1's holders, Arno from the start.
  await gm.page.getByRole("tab", { name: "Seats" }).click();
  await gm.page.getByTestId("holders-1").locator("summary").click();
  await expect(gm.page.getByTestId("holders-1").getByRole("listitem")).toHaveText([`${a.name} · Turn 1 → now`]);
  await expectAccessible(gm.page, "seat holders");

  for (const p of all) await p.page.context().close();
});
