// Seats and the game master, through the page: the owner hands a seat over, the user it is
// offered to accepts it on their campaigns page; the owner hands their own seat over and, once it
// is taken, runs the campaign as the game master (the whole map, the turn change, a rollback,
// the export downloaded). Every new screen is checked with axe-core, the GM's on a phone too.
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiGet, chooseFactionAndSlot, expectAccessible, expectNoOverflow, signUp, tokenOf, uniqueName } from "./helpers.ts";

type S = components["schemas"];

async function user(browser: Browser, label: string): Promise<{ page: Page; name: string; token: string }> {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  const name = uniqueName(label);
  await signUp(page, name);
  return { page, name, token: await tokenOf(page) };
}

/** The user's seat-offer card on the campaigns page: accept the offer of `campaign`. */
async function acceptOffer(page: Page, campaign: string): Promise<void> {
  await page.goto("/");
  const offers = page.getByRole("region", { name: "Seats offered to you" });
  await expect(offers).toContainText(campaign);
  await expectAccessible(page, "seat offers");
  await offers.getByRole("button", { name: `Accept · ${campaign}` }).click();
  await expect(page.getByTestId("turn")).toBeVisible();
}

test("a handover accepted in the browser, and the owner who stops playing is the game master", async ({ browser }) => {
  const o = await user(browser, "olga");
  const b = await user(browser, "boris");
  const c = await user(browser, "clara");
  const campaign = uniqueName("Seats");

  // The owner creates the campaign on the built-in skirmish map; Boris joins; it starts.
  await o.page.getByRole("region", { name: "Create a campaign" }).getByLabel("Name", { exact: true }).fill(campaign);
  const mapSelect = o.page.getByRole("combobox", { name: "Map", exact: true });
  const options = await mapSelect.locator("option").allTextContents();
  await mapSelect.selectOption({ label: options.find((x) => x.toLowerCase().includes("skirmish")) ?? "" });
  await o.page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(o.page.getByRole("heading", { name: new RegExp(`Lobby: ${campaign}`) })).toBeVisible();
  await expect(o.page.getByRole("region", { name: "House rules" })).toBeVisible();
  const campaignId = (await o.page.getByTestId("campaign-id").textContent()) ?? "";
  const invite = (await o.page.getByTestId("invite-code").textContent()) ?? "";
  await o.page.getByRole("button", { name: "Join", exact: true }).click();
  await chooseFactionAndSlot(o.page, "Empire", "0");
  await b.page.goto(`/campaigns/${campaignId}?invite=${invite}`);
  await b.page.getByRole("button", { name: "Join", exact: true }).click();
  await chooseFactionAndSlot(b.page, "Dwarfs", "1");
  await o.page.getByRole("button", { name: "Start the campaign" }).click();
  await expect(o.page.getByTestId("turn")).toHaveText("1");

  // The owner hands Boris's seat (2) over to Clara: an offer, until she accepts.
  await o.page.getByRole("tab", { name: "Seats" }).click();
  await o.page.getByLabel("Give seat to user: 2").fill(c.name);
  await o.page.getByRole("button", { name: "Hand over seat #2" }).click();
  await expect(o.page.getByTestId("seats").getByRole("status")).toContainText(`Seat offered to ${c.name}`);
  await expect(o.page.getByTestId("owner-seat-offers")).toContainText(c.name);
  await expectAccessible(o.page, "seats");
  // A handover to someone unknown: the server's problem with its rule id, the name kept.
  await o.page.getByLabel("Give seat to user: 2").fill("nobody-at-all");
  await o.page.getByRole("button", { name: "Hand over seat #2" }).click();
  await expect(o.page.getByTestId("seats").getByRole("alert")).toContainText("R-CAMP-6");
  await expect(o.page.getByLabel("Give seat to user: 2")).toHaveValue("nobody-at-all");

  await acceptOffer(c.page, campaign);
  const base = `/v1/campaigns/${campaignId}`;
  const clara = await apiGet<S["MeRead"]>(c.page.request, c.token, `${base}/me`);
  expect(clara.player).toBe(2);

  // The owner hands their own seat (1) to Boris; once he takes it, the owner plays no more.
  await o.page.getByLabel("Give seat to user: 1").fill(b.name);
  await o.page.getByRole("button", { name: "Hand over seat #1" }).click();
  await expect(o.page.getByTestId("owner-seat-offers")).toContainText(b.name);
  await acceptOffer(b.page, campaign);
  expect((await apiGet<S["MeRead"]>(b.page.request, b.token, `${base}/me`)).player).toBe(1);

  // The game master's view: their tools first, the whole map (every player's armies).
  await o.page.reload();
  await expect(o.page.getByTestId("gm")).toContainText("without playing");
  const everyArmy = [
    ...(await apiGet<S["ArmyList"]>(b.page.request, b.token, `${base}/armies`)).mine,
    ...(await apiGet<S["ArmyList"]>(c.page.request, c.token, `${base}/armies`)).mine,
  ].map((a) => String(a.id));
  const shown = await o.page.locator("svg.map g.army").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-army-id") ?? ""));
  expect(shown.sort()).toEqual(everyArmy.sort());
  await expectAccessible(o.page, "game master");

  // The players get ready, the game master changes the turn, then rolls the change back.
  for (const p of [b.page, c.page]) {
    await p.goto(`/campaigns/${campaignId}`);
    await p.getByRole("button", { name: "I am ready" }).click();
    await expect(p.getByRole("button", { name: "Withdraw ready" })).toBeVisible();
  }
  await o.page.getByRole("button", { name: "Change the turn" }).click();
  for (const p of [o.page, b.page, c.page]) await expect(p.getByTestId("turn")).toHaveText("2");
  await o.page.getByRole("tab", { name: "Game master" }).click();
  const rollback = o.page.getByRole("button", { name: "Roll back the last turn change" });
  await expect(rollback).toBeDisabled();
  await o.page.getByLabel("I am sure").check();
  await rollback.click();
  for (const p of [o.page, b.page, c.page]) await expect(p.getByTestId("turn")).toHaveText("1");
  await expect(o.page.getByTestId("rollbacks")).toContainText("Turn 1");

  // The export, downloaded as a JSON file.
  const download = o.page.waitForEvent("download");
  await o.page.getByRole("button", { name: "Download the export" }).click();
  expect((await download).suggestedFilename()).toBe(`marchlords-${campaignId}.json`);

  // The game master's tools on a 375×667 phone.
  await o.page.setViewportSize({ width: 375, height: 667 });
  await expect(rollback).toBeVisible();
  await expectNoOverflow(o.page);
  await expectAccessible(o.page, "phone game master");
});

test("notification settings and webhooks, the seats and vacation panel", async ({ browser }) => {
  const o = await user(browser, "nina");
  await expectAccessible(o.page, "campaigns with notifications");
  const notify = o.page.getByRole("region", { name: "Notifications" });
  await notify.getByLabel("Time zone (IANA)").fill("Europe/Paris");
  await notify.getByLabel("Quiet hours start").fill("22:00");
  await notify.getByLabel("Quiet hours end").fill("07:30");
  await notify.getByRole("button", { name: "Save" }).click();
  await expect(notify.getByRole("status")).toHaveText(/Saved/);
  const prefs = await apiGet<S["NotificationPreferences"]>(o.page.request, o.token, "/v1/users/me/notifications");
  expect(prefs.time_zone).toBe("Europe/Paris");
  expect(prefs.quiet_start?.slice(0, 5)).toBe("22:00");

  // A generated map; a house rule in the lobby; a player of one cannot start, so the seats and
  // webhooks are checked on the started campaign of a second user.
  const b = await user(browser, "nils");
  await o.page.getByRole("region", { name: "Create a campaign" }).getByLabel("Name", { exact: true }).fill("Hooks");
  await o.page.getByRole("radio", { name: "Generated map" }).check();
  // A ruleset variant at creation: enough starting gold to recruit a general on turn 1.
  await o.page.getByLabel(/Ruleset variant/).fill('{"starting_gold": 200}');
  await o.page.getByLabel(/Vacation days per seat/).fill("3");
  await o.page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(o.page.getByRole("heading", { name: /Lobby: Hooks/ })).toBeVisible();
  const rules = o.page.getByRole("region", { name: "House rules" });
  await rules.getByLabel("Section", { exact: true }).fill("Sieges");
  await rules.getByLabel("Text of the amendment").fill("Sieges last two turns.");
  await rules.getByRole("button", { name: "Add the amendment" }).click();
  await expect(rules).toContainText("Sieges last two turns.");
  await expectAccessible(o.page, "lobby with house rules");
  const campaignId = (await o.page.getByTestId("campaign-id").textContent()) ?? "";
  const invite = (await o.page.getByTestId("invite-code").textContent()) ?? "";
  await o.page.getByRole("button", { name: "Join", exact: true }).click();
  await o.page.getByRole("combobox", { name: "Faction", exact: true }).selectOption({ index: 1 });
  await o.page.getByRole("combobox", { name: "Starting slot", exact: true }).selectOption("0");
  await o.page.getByRole("button", { name: "Save my choice" }).click();
  await b.page.goto(`/campaigns/${campaignId}?invite=${invite}`);
  await b.page.getByRole("button", { name: "Join", exact: true }).click();
  await b.page.getByRole("combobox", { name: "Faction", exact: true }).selectOption({ index: 2 });
  await b.page.getByRole("combobox", { name: "Starting slot", exact: true }).selectOption("1");
  await b.page.getByRole("button", { name: "Save my choice" }).click();
  await expect(b.page.getByRole("row").filter({ hasText: "(you)" })).toContainText(/\w/);
  await o.page.getByRole("button", { name: "Start the campaign" }).click();
  await expect(o.page.getByTestId("turn")).toHaveText("1");

  // Webhooks: a URL that is not public is refused with the server's problem, the form kept.
  await o.page.getByRole("tab", { name: "Notifications" }).click();
  await o.page.getByLabel(/Webhook URL/).fill("https://10.0.0.1/hook");
  await o.page.getByRole("combobox", { name: "Format" }).selectOption("discord");
  await o.page.getByRole("button", { name: "Add the webhook" }).click();
  await expect(o.page.getByTestId("webhooks").getByRole("alert")).toBeVisible();
  await expect(o.page.getByLabel(/Webhook URL/)).toHaveValue("https://10.0.0.1/hook");
  await expectAccessible(o.page, "webhooks");

  // Seats: a vacation of one day, then back early.
  await b.page.goto(`/campaigns/${campaignId}`);
  await b.page.getByRole("tab", { name: "Seats" }).click();
  await b.page.getByLabel("Days away").fill("1");
  await b.page.getByRole("button", { name: "Go on vacation" }).click();
  await expect(b.page.getByTestId("vacation")).toContainText("on vacation until");
  await expectAccessible(b.page, "vacation");
  await b.page.getByRole("button", { name: "Come back early" }).click();
  await expect(b.page.getByRole("button", { name: "Go on vacation" })).toBeVisible();

  // Generals (the variant's gold pays a recruit) and the faction action; the history's charts
  // and house rules.
  await b.page.getByRole("tab", { name: "My armies" }).click();
  await expect(b.page.getByTestId("generals")).toBeVisible();
  await expect(b.page.getByTestId("faction-action")).toBeVisible();
  await b.page.getByRole("button", { name: "Recruit a general" }).click();
  await expect(b.page.getByTestId("orders")).toContainText(/Recruit a general #\d+ · cost \d+/);
  await expectAccessible(b.page, "generals");
  await b.page.getByRole("tab", { name: "History" }).click();
  await expect(b.page.getByTestId("charts")).toBeVisible();
  await expect(b.page.getByTestId("house-rules")).toContainText("Sieges last two turns.");
  await expectAccessible(b.page, "charts");
});
