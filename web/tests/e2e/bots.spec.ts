// Bots on seats (R-BOT) through the page: the owner fills the lobby's empty seats with bots of a
// chosen difficulty in one action, removes one, starts, gives an order and ends turns against
// the bots (always ready), and is told why a running bot's seat nobody else holds cannot simply
// lose its bot. Screenshots of the lobby and the seats, desktop and phone, English and French.
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, uniqueName } from "./helpers.ts";

type S = components["schemas"];

async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/bots-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `test-results/bots-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The same user's page in French (another browser context, the same token). */
async function inFrench(browser: Browser, token: string, path: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: "fr-FR" })).newPage();
  await page.goto("/");
  await page.evaluate((value) => {
    localStorage.setItem("marchlords.token", value);
    localStorage.setItem("marchlords.lang", "fr");
  }, token);
  await page.goto(path);
  return page;
}

test("the owner fills the empty seats with bots, plays turns against them and removes one", async ({ browser }) => {
  const o = await apiPlayer(browser, "Olga");
  const maps = await apiGet<S["MapPage"]>(o.page.request, o.token, "/v1/maps?limit=100");
  const campaign = await apiCall<S["CampaignRead"]>(o.page.request, o.token, "POST", "/v1/campaigns", {
    name: uniqueName("Bots "),
    map_id: maps.items.find((m) => m.builtin_key === "skirmish")?.id,
  });
  const base = `/v1/campaigns/${campaign.id}`;
  await apiCall(o.page.request, o.token, "POST", `${base}/players`, { invite_code: campaign.invite_code });
  await apiCall(o.page.request, o.token, "PATCH", `${base}/players/me`, { faction: "dwarfs", slot: 0 });
  await o.page.goto(`/campaigns/${campaign.id}`);

  // The lobby: easy turtles on every empty seat, in one action.
  const bots = o.page.getByTestId("lobby-bots");
  await bots.getByLabel("Bot difficulty", { exact: true }).selectOption("easy");
  await bots.getByLabel("Bot personality", { exact: true }).selectOption("turtle");
  await bots.getByRole("button", { name: "Fill the 3 empty seats with bots" }).click();
  await expect(bots.getByTestId("bots-progress")).toHaveText("3 of 3 bots seated");
  const rows = o.page.getByRole("row").filter({ has: o.page.getByTestId("bot-mark") });
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId("bot-mark")).toHaveText(/bot \(easy, turtle\)/);
  let players = await apiGet<S["PlayerRead"][]>(o.page.request, o.token, `${base}/players`);
  expect(players.filter((p) => p.bot).map((p) => [p.number, p.bot?.difficulty, p.bot?.personality])).toEqual([
    [2, "easy", "turtle"],
    [3, "easy", "turtle"],
    [4, "easy", "turtle"],
  ]);
  expect(new Set(players.map((p) => p.faction)).size).toBe(4);
  await expect(bots).toContainText("No empty seat left.");

  // One is taken off (its lobby seat goes with it), then one normal raider put back by hand.
  await o.page.getByRole("button", { name: "Remove the bot of seat 4" }).click();
  await expect(rows).toHaveCount(2);
  await bots.getByLabel("Bot difficulty", { exact: true }).selectOption("normal");
  await bots.getByLabel("Bot personality", { exact: true }).selectOption("raider");
  await bots.getByRole("combobox", { name: "Bot's faction" }).selectOption({ index: 1 });
  await bots.getByRole("combobox", { name: "Bot's starting slot" }).selectOption({ index: 1 });
  await bots.getByRole("button", { name: "Put a bot on a new seat" }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.last().getByTestId("bot-mark")).toHaveText(/bot \(normal, raider\)/);
  await expectAccessible(o.page, "lobby with bots");
  await screenshots(o.page, "lobby-en");
  const fr = await inFrench(browser, o.token, `/campaigns/${campaign.id}`);
  await expect(fr.getByTestId("lobby-bots")).toContainText("Aucun siège libre.");
  await expect(fr.getByTestId("bot-mark").first()).toHaveText(/bot \(facile, tortue\)/);
  await screenshots(fr, "lobby-fr");

  // Start; each turn an order, "I am ready", and the turn changes at once: the bots are ready.
  await o.page.getByRole("button", { name: "Start the campaign" }).click();
  await expect(o.page.getByTestId("turn")).toHaveText("1");
  for (const turn of [1, 2, 3]) {
    const army = (await apiGet<S["ArmyList"]>(o.page.request, o.token, `${base}/armies`)).mine[0];
    const reach = await apiGet<S["ReachableTile"][]>(o.page.request, o.token, `${base}/armies/${army?.id}/reachable`);
    const tile = reach[0];
    if (army && tile) await apiCall(o.page.request, o.token, "PUT", `${base}/armies/${army.id}/move`, { path: tile.path });
    await o.page.getByRole("button", { name: "I am ready" }).click();
    await o.page.getByRole("button", { name: "Change the turn" }).click();
    await expect(o.page.getByTestId("turn")).toHaveText(String(turn + 1));
  }
  const turn = await apiGet<S["TurnRead"]>(o.page.request, o.token, `${base}/turn`);
  expect(turn.number).toBe(4);

  // The seats tab: the bots marked; a running bot's seat nobody else holds keeps its bot until
  // someone accepts it (R-CAMP-6): the refusal shows as the server's problem.
  await o.page.getByRole("tab", { name: "Seats" }).click();
  const seats = o.page.getByTestId("seats");
  await expect(seats.getByTestId("bot-mark")).toHaveCount(3);
  await seats.getByRole("button", { name: "Change the bot of seat 2" }).waitFor();
  await o.page.getByTestId("seat-bot-2").getByLabel("Bot difficulty").selectOption("normal");
  await seats.getByRole("button", { name: "Change the bot of seat 2" }).click();
  await expect(o.page.locator('li[data-seat="2"]').getByTestId("bot-mark")).toHaveText(/bot \(normal, turtle\)/);
  await seats.getByRole("button", { name: "Remove the bot of seat 3" }).click();
  await expect(o.page.getByTestId("seat-bot-3").getByRole("alert")).toHaveAttribute("data-code", "R-BOT");
  players = await apiGet<S["PlayerRead"][]>(o.page.request, o.token, `${base}/players`);
  expect(players.find((p) => p.number === 3)?.bot).toBeTruthy();
  await expectAccessible(o.page, "seats with bots");
  await screenshots(o.page, "seats-en");
  await fr.goto(`/campaigns/${campaign.id}`);
  await fr.getByRole("tab", { name: "Sièges" }).click();
  await expect(fr.getByTestId("seats").getByTestId("bot-mark")).toHaveCount(3);
  await screenshots(fr, "seats-fr");
});
