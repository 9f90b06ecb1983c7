// Club nights as play-by dates (R-BAT-11), through the page: a campaign on Tuesdays and Fridays
// at 20:00 Paris time; the battle its first turn change declares offers the next club nights up
// to the turn's deadline, in each player's own time zone with Paris's beside; one click proposes
// one, the other side accepts it. Checked in English (New York) and French (Tokyo), on a desktop
// and a phone. The moves and the turn change are set up through the API.
import { expect, test, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, startedCampaign, type ApiPlayer } from "./helpers.ts";

type S = components["schemas"];

const PARIS = "Europe/Paris";
const TUESDAY = 2; // Date.getUTCDay()'s numbering
const FRIDAY = 5;

/** The instant of 20:00 on Paris's clocks on the calendar day `day` (its UTC date fields). */
function parisEvening(day: Date): number {
  const guess = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 20);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: PARIS, timeZoneName: "longOffset" }).formatToParts(new Date(guess)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(offset);
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return guess - minutes * 60_000;
}

/** Tuesdays and Fridays at 20:00 in Paris after `from` and at or before `until`, at most four,
 * as the contract writes them (UTC, to the second). Computed here, not read from the server. */
function clubNights(from: number, until: number): string[] {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: PARIS, year: "numeric", month: "numeric", day: "numeric" });
  const out: string[] = [];
  for (let d = -1; d < 60 && out.length < 4; d++) {
    const field = (type: string) => Number(parts.formatToParts(new Date(from + d * 86_400_000)).find((p) => p.type === type)?.value);
    const day = new Date(Date.UTC(field("year"), field("month") - 1, field("day")));
    if (day.getUTCDay() !== TUESDAY && day.getUTCDay() !== FRIDAY) continue;
    const at = parisEvening(day);
    const iso = new Date(at).toISOString().replace(".000Z", "Z");
    if (at > from && at <= until && !out.includes(iso)) out.push(iso); // a 25-hour day: seen twice
  }
  return out;
}

async function moveTo(p: ApiPlayer, base: string, q: number, r: number): Promise<void> {
  const army = (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reach = await apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${army?.id}/reachable`);
  const tile = reach.find((t) => t.q === q && t.r === r);
  expect(tile, `(${q}, ${r}) reachable`).toBeTruthy();
  await apiCall(p.page.request, p.token, "PUT", `${base}/armies/${army?.id}/move`, { path: tile?.path });
}

async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/club-nights-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.screenshot({ path: `test-results/club-nights-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test("a battle on Tuesdays and Fridays at 20:00 Paris time offers the next club nights", async ({ browser }) => {
  const a = await apiPlayer(browser, "amelie", { timezoneId: "America/New_York" });
  const b = await apiPlayer(browser, "benoit", { locale: "fr-FR", timezoneId: "Asia/Tokyo" });
  await b.page.evaluate(() => localStorage.setItem("marchlords.lang", "fr"));
  // A week at least per turn: the first turn's battle has two or three club nights before its end.
  const schedule = { entries: [{ weekday: "tuesday", time: "20:00" }, { weekday: "friday", time: "20:00" }], time_zone: PARIS, min_turn_hours: 168 };
  const campaign = await startedCampaign(a, [[a, "empire", 0], [b, "orcs_goblins", 1]] as const, "skirmish", { settings: { turn_schedule: schedule } });
  const base = `/v1/campaigns/${campaign.id}`;
  await moveTo(a, base, 5, 1);
  await moveTo(b, base, 5, 1);
  for (const p of [a, b]) await apiCall(p.page.request, p.token, "PUT", `${base}/turn/ready`);
  await apiCall(a.page.request, a.token, "POST", `${base}/turn/resolve`);

  const deadline = Date.parse((await apiGet<S["TurnRead"]>(a.page.request, a.token, `${base}/turn`)).deadline_at ?? "");
  const expected = clubNights(Date.now(), deadline);
  expect(expected.length).toBeGreaterThanOrEqual(2);
  const battle = (await apiGet<S["BattlePage"]>(a.page.request, a.token, `${base}/battles`)).items[0];
  expect(battle?.suggested_dates).toEqual(expected);

  // Amélie, in New York: each night in her time, and 20:00 in Paris beside it.
  await a.page.goto(`/campaigns/${campaign.id}`);
  await a.page.getByRole("tab", { name: /Battles/ }).click();
  const nights = a.page.getByRole("group", { name: "Next club nights" });
  const buttons = nights.getByRole("button");
  await expect(buttons).toHaveCount(expected.length);
  for (const [i, iso] of expected.entries()) {
    await expect(buttons.nth(i)).toHaveAttribute("data-date", iso);
    const mine = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "America/New_York" }).format(new Date(iso));
    await expect(buttons.nth(i)).toContainText(new RegExp(`${mine}.*\\(Europe/Paris: .*20:00`));
  }
  await expect(a.page.getByLabel("Play by (date)")).toBeVisible(); // free entry stays
  await expectAccessible(a.page, "club nights");
  await screenshots(a.page, "en");

  // One click proposes the first night; Benoît, in Tokyo and in French, accepts it.
  await buttons.first().click();
  await expect(a.page.locator(`li[data-battle-id="${battle?.id}"]`)).toContainText("Date proposed");
  await b.page.goto(`/campaigns/${campaign.id}`);
  await b.page.getByRole("tab", { name: /Batailles/ }).click();
  const theirs = b.page.getByRole("group", { name: "Prochaines soirées de club" }).getByRole("button");
  await expect(theirs).toHaveCount(expected.length - 1); // the night proposed is the one to accept
  await expect(theirs.first()).toContainText(/\(Europe\/Paris: .*20:00/);
  await screenshots(b.page, "fr");
  await b.page.getByRole("button", { name: `Accepter la date #${battle?.id}` }).click();
  await expect.poll(async () => (await apiGet<S["BattleRead"]>(b.page.request, b.token, `${base}/battles/${battle?.id}`)).play_by).toBe(expected[0]);
});
