// Pages that follow the game without a reload, and that log no error (issue 44, bugs 2, 3, 6):
// a confirmed battle moves the armies on the reporter's page; the players waiting in the lobby
// move to the game when the owner starts it; a whole play-through, from sign-up and an
// invitation's link to a turn change, logs no console error and meets no refused request.
import { expect, test, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, chooseFactionAndSlot, signUp, startedCampaign, tokenOf, uniqueName, type ApiPlayer, reportBattle } from "./helpers.ts";

type S = components["schemas"];

async function moveTo(p: ApiPlayer, base: string, q: number, r: number): Promise<void> {
  const army = (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reach = await apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${army?.id}/reachable`);
  const tile = reach.find((t) => t.q === q && t.r === r);
  expect(tile, `(${q}, ${r}) reachable`).toBeTruthy();
  await apiCall(p.page.request, p.token, "PUT", `${base}/armies/${army?.id}/move`, { path: tile?.path });
}

/** Every army on the player's map as the API shows it: "id@q,r". */
async function armiesSeen(p: ApiPlayer, base: string): Promise<string[]> {
  const world = await apiGet<S["WorldMap"]>(p.page.request, p.token, `${base}/map`);
  return world.tiles.flatMap((t) => (t.armies ?? []).map((a) => `${a.id}@${t.q},${t.r}`)).sort();
}

/** Every army drawn on the page's map: "id@q,r" (the tile its marker stands on). */
async function armiesDrawn(page: Page): Promise<string[]> {
  const drawn = await page
    .locator("svg.map g.army")
    .evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute("data-army-id")}@${n.closest("g.contents")?.getAttribute("data-tile") ?? ""}`));
  return drawn.sort();
}

test("a confirmed battle moves the armies on the reporter's map and list, without a reload", async ({ browser }) => {
  const a = await apiPlayer(browser, "rep");
  const b = await apiPlayer(browser, "conf");
  const campaign = await startedCampaign(
    a,
    [
      [a, "empire", 0],
      [b, "orcs_goblins", 1],
    ],
    "skirmish",
  );
  const base = `/v1/campaigns/${campaign.id}`;
  // Both armies march on (5, 1): a battle there at the turn change.
  await moveTo(a, base, 5, 1);
  await moveTo(b, base, 5, 1);
  for (const p of [a, b]) await apiCall(p.page.request, p.token, "PUT", `${base}/turn/ready`);
  await apiCall(a.page.request, a.token, "POST", `${base}/turn/resolve`);
  for (const p of [a, b]) {
    await p.page.goto(`/campaigns/${campaign.id}`);
    await expect(p.page.getByTestId("turn")).toHaveText("2");
    await expect(p.page.getByTestId("live")).toHaveText("live");
  }
  const battle = (await apiGet<S["BattlePage"]>(a.page.request, a.token, `${base}/battles`)).items[0];
  expect(battle?.status).toBe("awaiting_report");
  const mineBefore = (await apiGet<S["ArmyList"]>(a.page.request, a.token, `${base}/armies`)).mine;

  // Alice reports an attacker's victory through the page (whichever side she is, an army moves:
  // the winner advances or the loser falls back), Bruno confirms.
  const before = await armiesSeen(a, base);
  await expect.poll(() => armiesDrawn(a.page)).toEqual(before);
  await a.page.getByRole("tab", { name: /Battles/ }).click();
  await reportBattle(a.page, "attacker_victory", 30, 60);
  await expect(a.page.getByTestId("battle-status")).toHaveAttribute("data-status", "reported");
  await b.page.getByRole("tab", { name: /Battles/ }).click();
  await b.page.getByRole("button", { name: /^Confirm #/ }).click();
  await expect(b.page.getByTestId("battle-status")).toHaveAttribute("data-status", "confirmed");

  // Alice's page, untouched since: its map and "My armies" show the armies where they are now.
  const after = await armiesSeen(a, base);
  expect(after, "the confirmed result moved or removed an army").not.toEqual(before);
  await expect.poll(() => armiesDrawn(a.page), { message: "Alice's map after the confirmation" }).toEqual(after);
  await expect(a.page.getByTestId("battle-status")).toHaveAttribute("data-status", "confirmed");
  await a.page.getByRole("tab", { name: "My armies" }).click();
  const mine = (await apiGet<S["ArmyList"]>(a.page.request, a.token, `${base}/armies`)).mine;
  const panel = a.page.getByRole("tabpanel");
  expect(mine.map((x) => `${x.id}@${x.q},${x.r}`), "Alice's own army moved (or fell)").not.toEqual(mineBefore.map((x) => `${x.id}@${x.q},${x.r}`));
  for (const army of mine) await expect(panel).toContainText(`#${army.id} · tier ${army.tier} · (${army.q}, ${army.r})`);
  for (const army of mineBefore.filter((x) => !mine.some((y) => y.id === x.id))) await expect(panel).not.toContainText(`#${army.id} · tier`);
  for (const p of [a, b]) await p.page.context().close();
});

test("the players waiting in the lobby move to the game when the owner starts it", async ({ browser }) => {
  const a = await apiPlayer(browser, "owner");
  const b = await apiPlayer(browser, "waiter");
  const maps = await apiGet<S["MapPage"]>(a.page.request, a.token, "/v1/maps?limit=100");
  const campaign = await apiCall<S["CampaignRead"]>(a.page.request, a.token, "POST", "/v1/campaigns", {
    name: uniqueName("Waiting room "),
    map_id: maps.items.find((m) => m.builtin_key === "skirmish")?.id,
  });
  const base = `/v1/campaigns/${campaign.id}`;
  for (const [p, faction, slot] of [
    [a, "empire", 0],
    [b, "orcs_goblins", 1],
  ] as const) {
    await apiCall(p.page.request, p.token, "POST", `${base}/players`, { invite_code: campaign.invite_code });
    await apiCall(p.page.request, p.token, "PATCH", `${base}/players/me`, { faction, slot });
  }
  for (const p of [a, b]) {
    await p.page.goto(`/campaigns/${campaign.id}`);
    await expect(p.page.getByRole("heading", { name: /Lobby/ })).toBeVisible();
  }
  await a.page.getByRole("button", { name: "Start the campaign" }).click();
  await expect(a.page.getByTestId("turn")).toHaveText("1");
  // Bruno did nothing: his page follows the start to the game.
  await expect(b.page.getByTestId("turn")).toHaveText("1");
  await expect(b.page.getByRole("heading", { name: /Lobby/ })).toHaveCount(0);
  await expect(b.page.locator("svg.map")).toBeVisible();
  for (const p of [a, b]) await p.page.context().close();
});

/** Console errors, uncaught exceptions and refused requests of a page, as they happen. */
function watch(page: Page, label: string, problems: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${label} console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`${label} exception: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${label} ${response.request().method()} ${new URL(response.url()).pathname}: ${response.status()}`);
  });
}

test("a play-through from sign-up to a turn change logs no console error", async ({ browser }) => {
  const problems: string[] = [];
  const pages: Page[] = [];
  for (const label of ["owner", "friend"]) {
    const page = await (await browser.newContext({ locale: "en-GB" })).newPage();
    watch(page, label, problems);
    pages.push(page);
  }
  const [owner, friend] = pages as [Page, Page];

  // The owner signs up and creates a campaign on the campaigns page (its settings, finding a game).
  await signUp(owner, uniqueName("olga"));
  await owner.getByRole("region", { name: "Create a campaign" }).getByLabel("Name", { exact: true }).fill("No errors");
  // A generated map: readable by its author only, the friend's lobby must not ask for it.
  await owner.getByRole("radio", { name: "Generated map" }).check();
  await owner.getByRole("button", { name: "Create", exact: true }).click();
  await expect(owner.getByRole("heading", { name: /Lobby: No errors/ })).toBeVisible();
  const campaignId = (await owner.getByTestId("campaign-id").textContent()) ?? "";
  const invite = (await owner.getByTestId("invite-code").textContent()) ?? "";
  await owner.getByRole("button", { name: "Join", exact: true }).click();
  await chooseFactionAndSlot(owner, "Empire", "0");

  // The friend signs up and follows the invitation's link: the join form, and no "not found".
  await signUp(friend, uniqueName("fred"));
  await friend.goto(`/campaigns/${campaignId}?invite=${invite}`);
  await expect(friend.getByLabel("Invite code")).toHaveValue(invite);
  await expect(friend.getByRole("alert")).toHaveCount(0);
  await expect(friend.getByText(/not found/i)).toHaveCount(0);
  await friend.getByRole("button", { name: "Join", exact: true }).click();
  await chooseFactionAndSlot(friend, "Orcs & Goblins", "1");

  // The owner starts; the friend's lobby follows; both look around the game page.
  await owner.getByRole("button", { name: "Start the campaign" }).click();
  for (const page of pages) await expect(page.getByTestId("turn")).toHaveText("1");
  for (const page of pages) {
    await expect(page.getByTestId("live")).toHaveText("live");
    await page.getByRole("tab", { name: "My armies" }).click();
    await page.getByRole("button", { name: /^Select to move #/ }).first().click();
    await expect(page.locator("[data-reach]").first()).toBeVisible();
    await page.locator("[data-reach]").first().locator("use").click({ force: true });
    await page.getByRole("button", { name: "Order the move" }).click();
    await expect(page.getByTestId("orders")).toContainText("→");
    await page.getByLabel("q", { exact: true }).fill("2");
    await page.getByLabel("r", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Go to tile" }).click();
    await page.getByRole("tab", { name: "Tile", exact: true }).click();
    await expect(page.getByTestId("tile-panel")).toContainText("(2, 1)");
    for (const tab of ["Battles", "Messages", "Edicts", "Last turn", "History", "Seats", "Notifications"]) {
      await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
      await expect(page.getByRole("tabpanel")).toBeVisible();
    }
  }
  await owner.getByRole("tab", { name: "Game master" }).click();
  await expect(owner.getByRole("tabpanel")).toBeVisible();

  // Both ready, the owner changes the turn; every page follows; the inbox and the campaigns page.
  // Each "ready" answered before the owner changes the turn (a loaded machine answered the
  // change first once, and the turn stayed 1).
  for (const page of pages) {
    await page.getByRole("button", { name: "I am ready" }).click();
    await expect(page.getByRole("button", { name: "Withdraw ready" })).toBeVisible();
  }
  await owner.getByRole("button", { name: "Change the turn" }).click();
  for (const page of pages) await expect(page.getByTestId("turn")).toHaveText("2");
  for (const page of pages) {
    await page.getByRole("link", { name: /Inbox/ }).click();
    await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "No errors" }).click();
    await expect(page.getByTestId("turn")).toHaveText("2");
  }
  expect(await tokenOf(owner)).toBeTruthy();
  expect(problems).toEqual([]);
  for (const page of pages) await page.context().close();
});
