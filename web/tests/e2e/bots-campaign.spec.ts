// Issue 49's "done when", through the page: the owner of a three-player campaign on The Old World
// (17 seats) fills the other fourteen seats with bots of a chosen difficulty in the lobby, the
// three play ten turns against them (orders on the map, "I am ready", the owner changes the
// turn: the bots are always ready), a battle between two of them is reported by one side and
// confirmed by the other, and a bot's seat goes back to a returning player (the owner hands it
// over, the player accepts: their acceptance takes the bot off, R-CAMP-6). Set-up the page is
// not about (accounts, joining, factions) goes through the API. Screenshots of the game and the
// seats with bots, desktop and phone, English and French (the bots' seats named "Joueur D"…).
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, reportBattle, uniqueName, type ApiPlayer } from "./helpers.ts";

type S = components["schemas"];

const SEATS = 17;
const TURNS = 10;

async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/bots-campaign-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `test-results/bots-campaign-${name}-phone.png`, fullPage: true });
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

async function selectArmy(page: Page, armyId: number): Promise<void> {
  await page.getByRole("tab", { name: "My armies" }).click();
  // Still selected from the turn before, it shows "selected #N".
  const select = page.getByRole("button", { name: `Select to move #${armyId}` });
  await expect(select.or(page.getByRole("button", { name: `selected #${armyId}` }))).toBeVisible();
  if (await select.count()) await select.click();
  await expect(page.locator("[data-reach]").first()).toBeVisible();
}

test("the owner fills fourteen seats with bots, plays ten turns against them and gives a bot's seat back", async ({ browser }) => {
  test.setTimeout(300_000);
  const olga = await apiPlayer(browser, "Olga");
  const bruno = await apiPlayer(browser, "Bruno");
  const chloe = await apiPlayer(browser, "Chloe");
  const remi = await apiPlayer(browser, "Remi"); // comes back later for a bot's seat
  const maps = await apiGet<S["MapPage"]>(olga.page.request, olga.token, "/v1/maps?limit=100");
  const campaign = await apiCall<S["CampaignRead"]>(olga.page.request, olga.token, "POST", "/v1/campaigns", {
    name: uniqueName("Old World bots "),
    map_id: maps.items.find((m) => m.builtin_key === "old_world")?.id,
    settings: { max_players: SEATS, bot_battles_by_points: true },
    ruleset: { max_players: SEATS },
  });
  const base = `/v1/campaigns/${campaign.id}`;
  // Athel Loren (slot 5) and the Blighted Marshes (slot 14) are three tiles apart: Olga and
  // Bruno meet in the first turn.
  for (const [p, faction, slot] of [
    [olga, "empire", 5],
    [bruno, "orcs_goblins", 14],
    [chloe, "dwarfs", 4],
  ] as const) {
    await apiCall(p.page.request, p.token, "POST", `${base}/players`, { invite_code: campaign.invite_code });
    await apiCall(p.page.request, p.token, "PATCH", `${base}/players/me`, { faction, slot });
  }

  // The lobby: normal turtles on the fourteen empty seats, in one action.
  const o = olga.page;
  await o.goto(`/campaigns/${campaign.id}`);
  const bots = o.getByTestId("lobby-bots");
  await bots.getByLabel("Bot difficulty", { exact: true }).selectOption("normal");
  await bots.getByLabel("Bot personality", { exact: true }).selectOption("turtle");
  await bots.getByRole("button", { name: "Fill the 14 empty seats with bots" }).click();
  await expect(bots.getByTestId("bots-progress")).toHaveText("14 of 14 bots seated", { timeout: 60_000 });
  await expect(bots).toContainText("No empty seat left.");
  let players = await apiGet<S["PlayerRead"][]>(o.request, olga.token, `${base}/players`);
  expect(players).toHaveLength(SEATS);
  expect(players.filter((p) => p.bot).map((p) => [p.bot?.difficulty, p.bot?.personality])).toEqual(Array(14).fill(["normal", "turtle"]));
  expect(new Set(players.map((p) => p.faction)).size).toBe(SEATS);
  expect(new Set(players.map((p) => p.slot)).size).toBe(SEATS);

  await o.getByRole("button", { name: "Start the campaign" }).click();
  await expect(o.getByTestId("turn")).toHaveText("1");
  for (const p of [bruno, chloe]) {
    await p.page.goto(`/campaigns/${campaign.id}`);
    await expect(p.page.getByTestId("turn")).toHaveText("1");
  }
  const armyOf = async (p: ApiPlayer) => (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reachOf = async (p: ApiPlayer, id: number) => apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${id}/reachable`);

  // Turn 1: Olga clicks a tile on the map both she and Bruno reach; Bruno orders his army there
  // with the keyboard form.
  const [armyO, armyB] = [await armyOf(olga), await armyOf(bruno)];
  expect(armyO && armyB).toBeTruthy();
  // The nearest for both: a long march may be cut short at the change (R-MOVE-1).
  const costB = new Map((await reachOf(bruno, armyB!.id)).map((t) => [`${t.q},${t.r}`, t.cost]));
  const near = (t: S["ReachableTile"]) => Math.max(t.cost, costB.get(`${t.q},${t.r}`) ?? 99);
  const meeting = (await reachOf(olga, armyO!.id)).filter((t) => near(t) <= 2).sort((a, b) => near(a) - near(b))[0];
  expect(meeting, "a tile both armies reach").toBeTruthy();
  const at = `${meeting!.q},${meeting!.r}`;
  await selectArmy(o, armyO!.id);
  await o.locator(`[data-reach="${at}"] use`).click({ force: true });
  await o.getByRole("button", { name: "Order the move" }).click();
  await expect(o.getByTestId("orders")).toContainText(`#${armyO!.id} →`);
  await selectArmy(bruno.page, armyB!.id);
  await bruno.page.getByRole("combobox", { name: "Move to", exact: true }).selectOption(at);
  await bruno.page.getByRole("button", { name: "Order the move" }).click();
  await expect(bruno.page.getByTestId("orders")).toContainText(`#${armyB!.id} →`);

  const everyone = [olga, bruno, chloe];
  const endTurn = async (turn: number) => {
    for (const p of everyone) {
      await p.page.getByRole("button", { name: "I am ready" }).click();
      await expect(p.page.getByRole("button", { name: "Withdraw ready" })).toBeVisible();
    }
    await o.getByRole("button", { name: "Change the turn" }).click();
    for (const p of everyone) await expect(p.page.getByTestId("turn")).toHaveText(String(turn + 1), { timeout: 30_000 });
  };
  await endTurn(1);

  // The battle where they met: Bruno reports, Olga confirms, on their Battles tabs.
  const battles = await apiGet<S["BattlePage"]>(o.request, olga.token, `${base}/battles?status=awaiting_report`);
  expect(battles.items.map((b) => [...b.attacker.players, ...b.defender.players].map((p) => p.number).sort())).toContainEqual([1, 2]);
  await bruno.page.getByRole("tab", { name: /Battles/ }).click();
  await reportBattle(bruno.page, "attacker_victory", 20, 40);
  await expect(bruno.page.getByTestId("battle-status")).toHaveAttribute("data-status", "reported");
  await o.getByRole("tab", { name: /Battles/ }).click();
  await o.getByRole("button", { name: /^Confirm #/ }).click();
  await expect(o.getByTestId("battle-status")).toHaveAttribute("data-status", "confirmed");

  // Turns 2…10: each turn Olga orders a move on the map (to her nearest reachable tile), everyone
  // is ready, and the owner changes the turn at once: fourteen bots never hold it up.
  for (let turn = 2; turn <= TURNS; turn++) {
    const army = await armyOf(olga);
    if (army) {
      const step = (await reachOf(olga, army.id)).sort((a, b) => a.cost - b.cost)[0];
      if (step) {
        await selectArmy(o, army.id);
        await o.locator(`[data-reach="${step.q},${step.r}"] use`).click({ force: true });
        await o.getByRole("button", { name: "Order the move" }).click();
        await expect(o.getByTestId("orders")).toContainText(`#${army.id} →`);
      }
    }
    await endTurn(turn);
    const pending = await apiGet<S["TurnRead"]>(o.request, olga.token, `${base}/turn`);
    expect(pending.pending_battles, `turn ${turn + 1}: no battle left for the humans`).toBe(0);
  }
  const turn = await apiGet<S["TurnRead"]>(o.request, olga.token, `${base}/turn`);
  expect(turn.number).toBe(TURNS + 1);
  expect(turn.players.filter((p) => p.bot)).toHaveLength(14);
  await expectAccessible(o, "game with bots");
  await screenshots(o, "game-en");

  // A returning player takes a bot's seat: the owner hands seat 17 over from the Seats tab
  // (a bot's seat offers no steward: a bot never misses a turn), Rémi accepts.
  await o.getByRole("tab", { name: "Seats" }).click();
  const seat17 = o.locator('li[data-seat="17"]');
  await expect(seat17.getByTestId("bot-mark")).toHaveText(/bot \(normal, turtle\)/);
  await expect(seat17).toContainText("17. Player Q");
  await expect(seat17.getByRole("button", { name: /Hand to a steward/ })).toHaveCount(0);
  await expect(o.locator('li[data-seat="2"]').getByRole("button", { name: /Hand to a steward/ })).toHaveCount(1);
  await expectAccessible(o, "seats with bots");
  await screenshots(o, "seats-en");
  await seat17.getByLabel("Give seat to user: 17").fill(remi.name);
  await seat17.getByRole("button", { name: "Hand over seat #17" }).click();
  await expect(seat17.getByRole("status")).toContainText(remi.name);

  await remi.page.goto("/");
  const offers = remi.page.getByTestId("seat-offers");
  await offers.getByRole("button", { name: /^Accept · / }).click();
  await expect(remi.page.getByTestId("turn")).toHaveText(String(TURNS + 1));
  players = await apiGet<S["PlayerRead"][]>(o.request, olga.token, `${base}/players`);
  const back = players.find((p) => p.number === 17);
  expect([back?.name, back?.bot ?? null, back?.vacant]).toEqual([remi.name, null, false]);
  await o.reload();
  await o.getByRole("tab", { name: "Seats" }).click();
  await expect(o.locator('li[data-seat="17"]')).toContainText(`17. ${remi.name}`);
  await expect(o.locator('li[data-seat="17"]').getByTestId("bot-mark")).toHaveCount(0);
  // Remi plays the next turn himself: his "ready" is now awaited like anyone's.
  const waiting = await apiGet<S["TurnRead"]>(o.request, olga.token, `${base}/turn`);
  expect(waiting.players.find((p) => p.number === 17)?.bot).toBe(false);

  // In French: the bots' seats are "Joueur …", on the game page and the seats.
  const fr = await inFrench(browser, olga.token, `/campaigns/${campaign.id}`);
  await expect(fr.getByTestId("turn")).toHaveText(String(TURNS + 1));
  await screenshots(fr, "game-fr");
  await fr.getByRole("tab", { name: "Sièges" }).click();
  await expect(fr.locator('li[data-seat="16"]')).toContainText("16. Joueur P");
  await expect(fr.getByTestId("seats")).not.toContainText("Player ");
  await screenshots(fr, "seats-fr");
});
