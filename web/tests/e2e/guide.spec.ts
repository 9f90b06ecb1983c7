// What players expect (issue 44): turns told as sentences in the reader's language, safe
// defaults (an empty battle report that says whose losses are whose and asks before sending, a
// message with no recipient until one is chosen, the automatic turn change offered and
// explained, the game master's "Change the turn" explained), a lobby that explains itself (a
// copy button, who is missing, the creator told to pick a faction), and a first campaign
// without docs ("What to do now", "How to play"). Screenshots of each screen at 1280×860 and
// 375×667, in English and French, go to web/test-results/guide-*.png: look at them.
import { expect, test, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, startedCampaign, uniqueName, type ApiPlayer } from "./helpers.ts";

type S = components["schemas"];

// What a sentence never shows: a placeholder, a missing value, an object, JSON, a raw key.
const RAW = /[{}]|undefined|\[object|\b[a-z]+_[a-z_]+\b/;

async function moveTo(p: ApiPlayer, base: string, q: number, r: number): Promise<void> {
  const army = (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reach = await apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${army?.id}/reachable`);
  const tile = reach.find((t) => t.q === q && t.r === r);
  expect(tile, `(${q}, ${r}) reachable`).toBeTruthy();
  await apiCall(p.page.request, p.token, "PUT", `${base}/armies/${army?.id}/move`, { path: tile?.path });
}

/** The page at desktop size and on a phone, saved under test-results/guide-<name>-*.png. */
async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/guide-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `test-results/guide-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test("turns read as sentences; the report starts empty, says whose losses and asks first; the hint says what waits", async ({ browser }) => {
  const a = await apiPlayer(browser, "Alice");
  const b = await apiPlayer(browser, "Bruno", { locale: "fr-FR" });
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
    await expect(p.page.getByTestId("live")).not.toHaveText(/reconnect|reconnexion/);
  }

  // What to do now: the battle to report, the gold, not ready yet; How to play, in each language.
  const me = await apiGet<S["MeRead"]>(a.page.request, a.token, `${base}/me`);
  const hint = a.page.getByTestId("what-now");
  await expect(hint).toContainText("Battles waiting for your report: 1.");
  await expect(hint).toContainText(`You have ${me.gold} gold to spend.`);
  await expect(hint).toContainText("When your orders are given, press 'I am ready'.");
  await expect(b.page.getByTestId("what-now")).toContainText("Que faire maintenant");
  await expect(b.page.getByTestId("what-now")).toContainText("Batailles qui attendent votre rapport : 1.");
  await a.page.getByText("How to play").click();
  await expect(a.page.getByTestId("how-to-play")).toContainText("press 'I am ready'");
  await b.page.getByText("Comment jouer").click();
  await expect(b.page.getByTestId("how-to-play")).toContainText("Je suis prêt");

  // A tile says its owner by name and its terrain and structure in words.
  const world = await apiGet<S["WorldMap"]>(a.page.request, a.token, `${base}/map`);
  const home = world.tiles.find((t) => t.owner === me.player && t.structure);
  await a.page.getByRole("spinbutton", { name: "q" }).fill(String(home?.q));
  await a.page.getByRole("spinbutton", { name: "r" }).fill(String(home?.r));
  await a.page.getByRole("button", { name: "Go to tile" }).click();
  const tile = a.page.getByTestId("tile-panel");
  await expect(tile).toContainText(`${a.name} (you)`);
  await expect(tile).toContainText(/city · level/);
  expect((await tile.locator("dl").textContent()) ?? "").not.toMatch(RAW);

  // The last turn's summary: sentences in the reader's language, no key, no JSON.
  await a.page.getByRole("tab", { name: "Last turn" }).click();
  const lines = a.page.getByTestId("summary-lines").locator("li");
  await expect(lines.first()).toBeVisible();
  await expect(a.page.getByTestId("summary-lines")).toContainText("Armies met: a field battle");
  for (const text of await lines.allTextContents()) expect(text.replace(/\[R-[A-Z0-9-]+\]/g, "")).not.toMatch(RAW);
  await b.page.getByRole("tab", { name: "Dernier tour" }).click();
  await expect(b.page.getByTestId("summary-lines")).toContainText("Des armées se sont rencontrées : une bataille rangée");
  for (const text of await b.page.getByTestId("summary-lines").locator("li").allTextContents()) {
    expect(text.replace(/\[R-[A-Z0-9-]+\]/g, "")).not.toMatch(RAW);
  }
  // A live event, told on the other's page by name.
  await apiCall(b.page.request, b.token, "PUT", `${base}/turn/ready`);
  await expect(a.page.getByTestId("live-events")).toContainText(`${b.name} is ready.`);
  await expect(a.page.getByTestId("live-events")).not.toContainText("player_ready");
  await screenshots(a.page, "summary-en");
  await screenshots(b.page, "summary-fr");

  // The report form starts empty and says whose losses are whose, by name.
  await a.page.getByRole("tab", { name: /Battles/ }).click();
  const battle = (await apiGet<S["BattlePage"]>(a.page.request, a.token, `${base}/battles`)).items[0];
  const mySide = battle?.your_side === "attacker" ? "Attacker" : "Defender";
  const theirSide = mySide === "Attacker" ? "Defender" : "Attacker";
  await expect(a.page.getByRole("combobox", { name: "Outcome", exact: true })).toHaveValue("");
  const mine = a.page.getByRole("spinbutton", { name: `Your losses % (your army: ${mySide})` });
  const theirs = a.page.getByRole("spinbutton", { name: `Opponent's losses % (${b.name}, ${theirSide})` });
  await expect(mine).toHaveValue("");
  await expect(theirs).toHaveValue("");
  await expect(a.page.getByTestId("battle-status")).toHaveText("waiting for a report");
  await expectAccessible(a.page, "report form");
  await screenshots(a.page, "report-en");
  // Nothing is sent unfilled, nor before the summary is confirmed.
  await a.page.getByRole("button", { name: "Check the report" }).click();
  await expect(a.page.getByTestId("report-check")).toHaveCount(0);
  await a.page.getByRole("combobox", { name: "Outcome", exact: true }).selectOption("attacker_victory");
  await mine.fill("25");
  await theirs.fill("70");
  await a.page.getByRole("button", { name: "Check the report" }).click();
  const check = a.page.getByTestId("report-check");
  await expect(check).toContainText("You will report: Attacker victory;");
  await expect(check).toContainText(`(${b.name})`);
  await expect(check).toContainText("once confirmed, the loser retreats or is destroyed");
  await screenshots(a.page, "report-check-en");
  expect((await apiGet<S["BattleRead"]>(a.page.request, a.token, `${base}/battles/${battle?.id}`)).status).toBe("awaiting_report");
  await check.getByRole("button", { name: "Report the result" }).click();
  await expect(a.page.getByTestId("battle-status")).toHaveAttribute("data-status", "reported");
  const sent = await apiGet<S["BattleRead"]>(a.page.request, a.token, `${base}/battles/${battle?.id}`);
  const attackerPct = mySide === "Attacker" ? 25 : 70;
  expect([sent.report?.outcome, sent.report?.attacker_losses_pct, sent.report?.defender_losses_pct]).toEqual(["attacker_victory", attackerPct, 95 - attackerPct]);
  // The other side is told to confirm, in French.
  await expect(b.page.getByTestId("what-now")).toContainText("Batailles où le rapport de l'autre camp attend votre confirmation : 1.");
  await b.page.getByRole("tab", { name: /Batailles/ }).click();
  await expect(b.page.getByTestId("battle-status")).toHaveText("rapportée, en attente de confirmation");
  const item = b.page.locator("li.battle-item");
  await expect(item).toContainText(`Victoire de l'attaquant : l'attaquant (`);
  await expect(item).toContainText(`rapporté par ${a.name}`);
  await expect(item).toContainText("Confirmez si c'est bien ce qui s'est passé sur la table");
  await screenshots(b.page, "battles-fr");
});

test("the lobby explains itself; creation offers the automatic turn change; a message waits for its recipient", async ({ browser }) => {
  const o = await apiPlayer(browser, "Owen", { permissions: ["clipboard-read", "clipboard-write"] });
  const j = await apiPlayer(browser, "Jeanne", { locale: "fr-FR" });
  // Creation: the automatic turn change is offered, with what it does.
  await o.page.goto("/");
  const name = uniqueName("Guide ");
  await o.page.getByRole("region", { name: "Create a campaign" }).getByLabel("Name", { exact: true }).fill(name);
  const mapSelect = o.page.locator('select[name="map_id"]');
  await expect(mapSelect.locator("option").first()).toBeAttached();
  const options = await mapSelect.locator("option").allTextContents();
  await mapSelect.selectOption({ label: options.find((x) => x.toLowerCase().includes("skirmish")) ?? "" });
  const auto = o.page.getByRole("checkbox", { name: "Change the turn as soon as every player is ready" });
  await expect(auto).not.toBeChecked();
  await expect(auto).toHaveAccessibleDescription(/the turn changes by itself/);
  await auto.check();
  await o.page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(o.page.getByRole("heading", { name: new RegExp(`Lobby: ${name}`) })).toBeVisible();
  const id = new URL(o.page.url()).pathname.split("/").pop() ?? "";
  const created = await apiGet<S["CampaignRead"]>(o.page.request, o.token, `/v1/campaigns/${id}`);
  expect(created.settings.auto_resolve).toBe(true);

  // The lobby: the creator told to pick a faction, who is missing, the invitation copied.
  await expect(o.page.getByTestId("pick-faction")).toContainText("You created this campaign but hold no seat yet: press 'Join' to play");
  await o.page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(o.page.getByTestId("pick-faction")).toContainText("You have not chosen your faction");
  const missing = o.page.getByTestId("missing");
  await expect(missing).toContainText(`${o.name} (you): no faction chosen yet.`);
  await expect(missing).toContainText("Seats without a player: 3 (of 4 at most).");
  await o.page.getByRole("button", { name: "Copy the invitation" }).click();
  await expect(o.page.getByTestId("copied")).toHaveText("Copied");
  const copied = await o.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`/campaigns/${id}?invite=${created.invite_code}`);
  expect(copied).toContain(`invite code ${created.invite_code}`);
  await expectAccessible(o.page, "lobby");
  await screenshots(o.page, "lobby-en");
  await o.page.getByRole("combobox", { name: "Faction", exact: true }).selectOption({ index: 1 });
  await o.page.getByRole("combobox", { name: "Starting slot", exact: true }).selectOption("0");
  await o.page.getByRole("button", { name: "Save my choice" }).click();
  await expect(o.page.getByTestId("pick-faction")).toHaveCount(0);
  // A friend joins without a faction: the lobby names them, in French on their page.
  await apiCall(j.page.request, j.token, "POST", `/v1/campaigns/${id}/players`, { invite_code: created.invite_code });
  await expect(missing).toContainText(`${j.name}: no faction chosen yet.`);
  await j.page.goto(`/campaigns/${id}`);
  await expect(j.page.getByTestId("pick-faction")).toContainText("Vous n'avez pas choisi votre faction");
  await expect(j.page.getByTestId("missing")).toContainText(`${j.name} (vous) : pas encore de faction choisie.`);
  await screenshots(j.page, "lobby-fr");
  await apiCall(j.page.request, j.token, "PATCH", `/v1/campaigns/${id}/players/me`, { faction: "orcs_goblins", slot: 1 });
  await expect(missing).toContainText("Every player has a faction");

  // The game: the game master's button explained; a message has no recipient until chosen.
  await o.page.getByRole("button", { name: "Start the campaign" }).click();
  await expect(o.page.getByTestId("turn")).toHaveText("1");
  await expect(o.page.getByRole("button", { name: "Change the turn" })).toHaveAccessibleDescription(/carries out every player's orders now/);
  await o.page.getByRole("tab", { name: /Messages/ }).click();
  const to = o.page.getByRole("combobox", { name: "To", exact: true });
  await expect(to).toHaveValue("");
  await expect(to.locator("option:checked")).toHaveText("— choose who receives it —");
  await o.page.getByRole("textbox", { name: "Message" }).fill("Hello there.");
  await expect(o.page.getByRole("button", { name: "Send" })).toBeDisabled();
  await to.selectOption({ label: `2. ${j.name}` });
  await o.page.getByRole("button", { name: "Send" }).click();
  await expect(o.page.getByTestId("messages")).toContainText("Hello there.");
  const sent = await apiGet<S["MessagePage"]>(o.page.request, o.token, `/v1/campaigns/${id}/messages`);
  expect([sent.items[0]?.to_all, sent.items[0]?.recipients.map((r) => r.name)]).toEqual([false, [j.name]]);
  await expect(to).toHaveValue("");
  await expectAccessible(o.page, "game with the guide");
  await screenshots(o.page, "game-en");
  await j.page.goto(`/campaigns/${id}`);
  await expect(j.page.getByTestId("what-now")).toContainText("Vos ordres donnés, appuyez sur «\u00a0Je suis prêt\u00a0».");
  await screenshots(j.page, "game-fr");
});
