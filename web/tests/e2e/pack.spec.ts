// The battle pack (issue 47): two players whose armies meet open their battle's page (the
// address its QR code holds), see their pack — the field, the deployment map, their own list
// and only the tier and size of the enemy's — print it, and find the report form with the
// pack's sides and points. Screenshots at 1280×860 and 375×667, in English and French, go to
// web/test-results/pack-*.png: look at them.
import { expect, test, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, startedCampaign, type ApiPlayer } from "./helpers.ts";

type S = components["schemas"];

const EMPIRE = "Name: Border patrol\nFaction: Empire\n* General of the Empire - 90 pts\n20x State Troops (halberds) - 300 pts\n";
const ORCS = "Name: Ladz\nFaction: Orcs & Goblins\n* Orc Warboss - 95 pts\n20x Orc Mob - 300 pts\n";

async function moveTo(p: ApiPlayer, base: string, q: number, r: number): Promise<number> {
  const army = (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reach = await apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${army?.id}/reachable`);
  const tile = reach.find((t) => t.q === q && t.r === r);
  expect(tile, `(${q}, ${r}) reachable`).toBeTruthy();
  await apiCall(p.page.request, p.token, "PUT", `${base}/armies/${army?.id}/move`, { path: tile?.path });
  return army?.id ?? 0;
}

async function screenshots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.getByTestId("battle-pack").screenshot({ path: `test-results/pack-${name}-desktop.png` });
  await page.screenshot({ path: `test-results/pack-${name}-page-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.getByTestId("battle-pack").screenshot({ path: `test-results/pack-${name}-phone.png` });
  if (size) await page.setViewportSize(size);
}

test("each player opens their battle's page, sees and prints their own pack", async ({ browser }) => {
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
  const armyA = await moveTo(a, base, 5, 1);
  const armyB = await moveTo(b, base, 5, 1);
  await apiCall(a.page.request, a.token, "PUT", `${base}/armies/${armyA}/roster`, { content: EMPIRE });
  await apiCall(b.page.request, b.token, "PUT", `${base}/armies/${armyB}/roster`, { content: ORCS });
  for (const p of [a, b]) await apiCall(p.page.request, p.token, "PUT", `${base}/turn/ready`);
  await apiCall(a.page.request, a.token, "POST", `${base}/turn/resolve`);
  const battles = await apiGet<S["BattlePage"]>(a.page.request, a.token, `${base}/battles`);
  const battle = battles.items[0]!;
  const pack = await apiGet<S["BattlePack"]>(a.page.request, a.token, `${base}/battles/${battle.id}/pack`);

  // The QR code's address: the campaign's page opens on its battles, this battle in view.
  for (const p of [a, b]) {
    await p.page.goto(pack.report_path);
    await expect(p.page.getByTestId("battle-pack")).toBeVisible();
    await expect(p.page.getByTestId("pack-seed")).toHaveText(pack.field.seed);
    await expect(p.page.getByTestId("pack-map").locator("[data-piece]")).toHaveCount(pack.field.pieces.length);
  }
  const packA = a.page.getByTestId("battle-pack");
  await expect(packA).toContainText("Battle pack");
  await expect(packA).toContainText("Border patrol");
  await expect(packA).not.toContainText("Ladz");
  await expect(packA).toContainText("its list is not yours to see");
  await expect(packA.getByTestId("pack-scenario")).toContainText("Upon the Field of Glory");
  const packB = b.page.getByTestId("battle-pack");
  await expect(packB).toContainText("Dossier de bataille");
  await expect(packB).toContainText("Ladz");
  await expect(packB).not.toContainText("Border patrol");
  await expect(packB).toContainText("sa liste ne vous est pas montrée");

  // The report form carries the pack's sides and points.
  const [attacker, defender] = pack.sides;
  await expect(a.page.getByTestId("report-pack-points")).toContainText(`${attacker?.points} pts`);
  await expect(a.page.getByTestId("report-pack-points")).toContainText(`${defender?.points} pts`);

  // Print: the PDF of Alice's side.
  const download = a.page.waitForEvent("download");
  await a.page.getByTestId("pack-print").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`battle-${battle.id}-pack.pdf`);

  await expectAccessible(a.page, "battle pack");
  await screenshots(a.page, "en");
  await screenshots(b.page, "fr");
});
