// The lobby in French and at every width (issue 44): the factions are named in the page's
// language (the server says them), and the players' table wraps between words, never inside
// one, at the desktop's column layout and on a 375 px phone.
import { expect, test, type Page } from "@playwright/test";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, uniqueName } from "./helpers.ts";

/** The words of the players' table's faction cells and headers that the layout split over two
 * lines (a word drawn as more than one box). */
async function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    const cells = document.querySelectorAll("table.lobby-players th, table.lobby-players td:nth-child(2), table.lobby-players td:nth-child(3)");
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });
}

test("the lobby names the factions in French and its players' table never breaks a word", async ({ browser }) => {
  const o = await apiPlayer(browser, "Odile", { locale: "fr-FR" });
  const j = await apiPlayer(browser, "Jean-Baptiste");
  const maps = await apiGet<{ items: { id: string; builtin_key: string | null }[] }>(o.page.request, o.token, "/v1/maps?limit=100");
  const created = await apiCall<{ id: string; invite_code: string }>(o.page.request, o.token, "POST", "/v1/campaigns", {
    name: uniqueName("Lobby "),
    map_id: maps.items.find((m) => m.builtin_key === "old_world")?.id ?? maps.items.find((m) => m.builtin_key === "skirmish")?.id,
  });
  const base = `/v1/campaigns/${created.id}`;
  for (const [p, faction] of [
    [o, "orcs_goblins"],
    [j, "warriors_of_chaos"],
  ] as const) {
    await apiCall(p.page.request, p.token, "POST", `${base}/players`, { invite_code: created.invite_code });
    await apiCall(p.page.request, p.token, "PATCH", `${base}/players/me`, { faction });
  }
  await o.page.goto(`/campaigns/${created.id}`);
  const table = o.page.locator("table.lobby-players");
  await expect(table.getByRole("row").filter({ hasText: "(vous)" })).toContainText("Orcs et Gobelins");
  await expect(table.getByRole("row").filter({ hasText: j.name })).toContainText("Guerriers du Chaos");
  const faction = o.page.getByRole("combobox", { name: "Faction", exact: true });
  await expect(faction.locator("option").filter({ hasText: /^Nains$/ })).toHaveCount(1);
  await expect(faction.locator("option").filter({ hasText: /^Dwarfs$/ })).toHaveCount(0);
  await expectAccessible(o.page, "lobby (fr)");

  for (const [width, height] of [
    [1280, 860],
    [1000, 800],
    [375, 667],
  ] as const) {
    await o.page.setViewportSize({ width, height });
    await expect(table).toBeVisible();
    expect(await splitWords(o.page), `at ${width} px`).toEqual([]);
    await expectNoOverflow(o.page);
    await o.page.screenshot({ path: `test-results/lobby-fr-${width}.png`, fullPage: true });
  }
  // And in English: the same factions in English.
  await j.page.goto(`/campaigns/${created.id}`);
  await expect(j.page.locator("table.lobby-players").getByRole("row").filter({ hasText: "(you)" })).toContainText("Warriors of Chaos");
  await j.page.screenshot({ path: "test-results/lobby-en-1280.png", fullPage: true });
  await j.page.setViewportSize({ width: 375, height: 667 });
  await j.page.screenshot({ path: "test-results/lobby-en-375.png", fullPage: true });
});
