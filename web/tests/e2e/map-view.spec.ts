// A map players trust (issue 44, round 2). On The Old World a player's map opens on their own
// capital with hexes a finger can tap; "back to my realm" brings it back after a pan; the
// minimap moves the view; the legend shows and hides; every army the API shows this player
// has a token (its side, its owner) and none the API does not show; the selected army's token
// is marked. The lobby shows the chosen map's preview. axe-core on each screen. Screenshots in
// English and French, desktop and phone, to look at (MARCHLORDS_DOC_SHOTS=1: into docs/).
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { centre, mapSize, SQRT3 } from "../../src/lib/hex.ts";
import { apiCall, apiGet, apiPlayer, expectAccessible, expectNoOverflow, uniqueName } from "./helpers.ts";

type S = components["schemas"];
const HEX = 18;

/** Where hex (q, r) is on the screen now: its centre, its width across the flats, the frame. */
async function hexOnScreen(page: Page, q: number, r: number) {
  const [x, y] = centre([q, r], HEX);
  return page.evaluate(
    ({ x, y, across }) => {
      const group = document.querySelector("svg.map > g") as SVGGElement;
      const svg = document.querySelector("svg.map") as SVGSVGElement;
      const matrix = group.getScreenCTM() as DOMMatrix;
      const box = svg.getBoundingClientRect();
      const p = new DOMPoint(x, y).matrixTransform(matrix);
      const hit = document.elementFromPoint(p.x, p.y);
      return {
        x: p.x,
        y: p.y,
        width: across * matrix.a,
        inFrame: p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom,
        margin: Math.min(p.x - box.left, box.right - p.x, p.y - box.top, box.bottom - p.y),
        clickable: hit !== null && hit.closest("svg.map") === svg,
      };
    },
    { x, y, across: HEX * SQRT3 },
  );
}

/** The map's point (its units) in the middle of the frame now. */
async function middleOfView(page: Page): Promise<[number, number]> {
  return page.evaluate(() => {
    const group = document.querySelector("svg.map > g") as SVGGElement;
    const box = (document.querySelector("svg.map") as SVGSVGElement).getBoundingClientRect();
    const p = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform((group.getScreenCTM() as DOMMatrix).inverse());
    return [p.x, p.y] as [number, number];
  });
}

/** A screenshot of the viewport (or of one element) to look at; into docs/ when asked. */
async function shoot(page: Page, name: string, outputPath: (name: string) => string, element?: Locator): Promise<void> {
  await page.waitForTimeout(150);
  const paths = [outputPath(`${name}.png`)];
  if (process.env["MARCHLORDS_DOC_SHOTS"] === "1") paths.push(new URL(`../../../docs/players/img/${name}.png`, import.meta.url).pathname);
  for (const path of paths) await (element ?? page).screenshot({ path });
}

test("the map opens on my realm, moves by the minimap, explains itself and draws every army I may see", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const out = (name: string) => testInfo.outputPath(name);
  const a = await apiPlayer(browser, "realma");
  const b = await apiPlayer(browser, "realmb");
  const page = a.page;
  const maps = await apiGet<{ items: { id: string; builtin_key: string | null; slots: number }[] }>(page.request, a.token, "/v1/maps?limit=100");
  const oldWorld = maps.items.find((m) => m.builtin_key === "old_world");
  const campaign = await apiCall<{ id: string; invite_code: string }>(page.request, a.token, "POST", "/v1/campaigns", { name: uniqueName("Realm "), map_id: oldWorld?.id });
  const base = `/v1/campaigns/${campaign.id}`;
  for (const [p, faction, slot] of [
    [a, "empire", 0],
    [b, "orcs_goblins", 1],
  ] as const) {
    await apiCall(p.page.request, p.token, "POST", `${base}/players`, { invite_code: campaign.invite_code });
    await apiCall(p.page.request, p.token, "PATCH", `${base}/players/me`, { faction, slot });
  }

  // The lobby: the chosen map's preview, every tile and every starting slot of it.
  await page.goto(`/campaigns/${campaign.id}`);
  const preview = page.getByRole("img", { name: /Preview of the map/ });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("data-tiles", String(28 * 20));
  await expect(preview.locator("[data-slot]")).toHaveCount(oldWorld?.slots ?? -1);
  await expectAccessible(page, "lobby with the map's preview");
  await shoot(page, "lobby-map-preview", out, preview);

  await apiCall(page.request, a.token, "POST", `${base}/start`);
  await page.reload();
  await expect(page.getByTestId("turn")).toHaveText("1");
  await expect(page.locator("svg.map path.tile").first()).toBeVisible();
  const me = await apiGet<S["CampaignRead"]>(page.request, a.token, base);
  const world = await apiGet<S["WorldMap"]>(page.request, a.token, `${base}/map`);
  const capital = world.tiles.find((t) => t.owner === me.my_player && t.structure && "capital" in t.structure && t.structure.capital);
  expect(capital, "the API shows my capital").toBeTruthy();
  const [cq, cr] = [capital?.q ?? 0, capital?.r ?? 0];

  // 1. It opens on my capital (as near the middle as the map's edge allows: this one is on the
  // west coast), the whole hex in the frame, at least 44 px across, and a tap there reaches it.
  const inView = async () => {
    const at = await hexOnScreen(page, cq, cr);
    return at.inFrame && at.clickable && at.margin >= at.width / 2 && at.width >= 44;
  };
  await expect.poll(inView, { message: "the capital in the view, a tappable size" }).toBe(true);
  const opened = await hexOnScreen(page, cq, cr);
  // What is drawn there is what the API says of that tile: its coordinates and its holder.
  await page.mouse.click(opened.x, opened.y);
  const panel = page.getByTestId("tile-panel");
  await expect(panel.getByRole("heading", { level: 3 })).toHaveText(`Tile (${cq}, ${cr})`);
  const tile = await apiGet<S["TilePanel"]>(page.request, a.token, `${base}/tiles/${cq}/${cr}`);
  expect(tile.owner).toBe(me.my_player);
  await expect(panel.getByTestId("tile-owner")).toContainText(a.name);

  // Pan away with the keyboard, zoom with the buttons and the wheel; "back to my realm" returns.
  await page.locator("svg.map").focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => (await hexOnScreen(page, cq, cr)).x - opened.x).toBeGreaterThan(300);
  const scale = async () => Number(await page.locator("svg.map").getAttribute("data-scale"));
  const before = await scale();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(scale).toBeGreaterThan(before);
  const box = await page.locator("svg.map").boundingBox();
  await page.mouse.move((box?.x ?? 0) + 100, (box?.y ?? 0) + 100);
  const zoomedIn = await scale();
  await page.mouse.wheel(0, 400);
  await expect.poll(scale).toBeLessThan(zoomedIn);
  // Once the zoom settles the map's group is a composited layer again (redrawn at the new
  // scale): a pan then moves its raster and redraws no hex (issue 44's 16 ms per frame).
  const layer = () => page.locator("svg.map > g").evaluate((g) => getComputedStyle(g).willChange);
  await expect.poll(layer).toBe("transform");
  await page.getByRole("button", { name: "Back to my realm" }).click();
  await expect.poll(async () => {
    const back = await hexOnScreen(page, cq, cr);
    return Math.hypot(back.x - opened.x, back.y - opened.y);
  }).toBeLessThan(1);

  // 4. A click on the minimap's lower right moves the view there; its rectangle follows.
  const minimap = page.getByTestId("minimap");
  const rectBefore = await minimap.locator("rect.minimap-view").getAttribute("x");
  await minimap.scrollIntoViewIfNeeded();
  const mini = await minimap.boundingBox();
  await page.mouse.click((mini?.x ?? 0) + (mini?.width ?? 0) * 0.8, (mini?.y ?? 0) + (mini?.height ?? 0) * 0.8);
  const [w, h] = mapSize(world, HEX);
  await expect
    .poll(async () => {
      const [x, y] = await middleOfView(page);
      return Math.hypot(x - 0.8 * w, y - 0.8 * h);
    }, { message: "the view's middle is where the minimap was clicked" })
    .toBeLessThan(2 * HEX);
  await expect(minimap.locator("rect.minimap-view")).not.toHaveAttribute("x", rectBefore ?? "");

  // 3. A token for every army the API shows me, on its tile, mine marked as mine; none other.
  await page.getByRole("button", { name: "Back to my realm" }).click();
  const seen = world.tiles.flatMap((t) => (t.armies ?? []).map((army) => ({ id: army.id, owner: army.owner, tile: `${t.q},${t.r}` })));
  expect(seen.length).toBeGreaterThan(0);
  const drawn = await page.locator("svg.map g.army").evaluateAll((nodes) =>
    nodes.map((n) => ({
      id: Number(n.getAttribute("data-army-id")),
      owner: Number(n.getAttribute("data-owner")),
      tile: n.closest("g.contents")?.getAttribute("data-tile") ?? "",
      side: n.closest("g.stack")?.getAttribute("data-side") ?? "",
    })),
  );
  expect(drawn.map(({ id, owner, tile }) => ({ id, owner, tile })).sort((x, y) => x.id - y.id)).toEqual([...seen].sort((x, y) => x.id - y.id));
  for (const army of drawn) expect(army.side, `army #${army.id}`).toBe(army.owner === me.my_player ? "own" : "enemy");
  const theirs = await apiGet<S["ArmyList"]>(b.page.request, b.token, `${base}/armies`);
  for (const army of theirs.mine.filter((x) => !seen.some((s) => s.id === x.id))) await expect(page.locator(`svg.map [data-army-id="${army.id}"]`)).toHaveCount(0);
  // Readable at the opening zoom and with the whole map on the screen.
  const tokenWidth = async () => Math.min(...(await page.locator("svg.map g.token").evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().width))));
  expect(await tokenWidth()).toBeGreaterThanOrEqual(20);
  await page.getByRole("button", { name: "The whole map" }).click();
  await page.waitForTimeout(150);
  expect(await tokenWidth()).toBeGreaterThanOrEqual(12);
  // The selected army's token is marked (and only it).
  const mine = await apiGet<S["ArmyList"]>(page.request, a.token, `${base}/armies`);
  const first = mine.mine[0];
  expect(first).toBeTruthy();
  await page.getByRole("tab", { name: "My armies" }).click();
  await page.getByRole("button", { name: `Select to move #${first?.id}` }).click();
  await expect(page.locator("svg.map g.token.chosen")).toHaveCount(1);
  await expect(page.locator("svg.map g.stack").filter({ has: page.locator("g.token.chosen") }).locator(`g.army[data-army-id="${first?.id}"]`)).toHaveCount(1);

  // 2. The legend shows and hides; it names the terrains, the structures, the sides.
  const toggle = page.getByRole("button", { name: "Show the legend" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("map-legend")).toHaveCount(0);
  await toggle.click();
  const legend = page.getByRole("region", { name: "Map legend" });
  await expect(legend).toBeVisible();
  for (const word of ["forest", "mountain", "sea", "outpost", "capital", "unexplored", "your army (circle)", "an enemy army (diamond)"]) await expect(legend).toContainText(word);
  // Every terrain on the map is filled with its pattern (the marks, not the colour alone).
  const fills = await page.locator("svg.map path.tile[data-terrain]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("fill") ?? ""));
  expect(fills.length).toBeGreaterThan(0);
  for (const fill of fills) expect(fill).toMatch(/^url\(#.+-t-[a-z]+\)$/);
  await expectAccessible(page, "game with the legend open");
  // For the screenshots: no army selected (its reachable tiles would cover the terrain), the
  // capital's tile open beside the map.
  await page.getByRole("button", { name: `selected #${first?.id}` }).click();
  // Every tab of the game screen, axe-checked beside the map.
  const tabs = page.getByRole("tablist", { name: "Orders" }).getByRole("tab");
  for (const name of await tabs.allInnerTexts()) {
    await tabs.filter({ hasText: name }).first().click();
    await expectAccessible(page, `game, tab ${name.trim()}`);
  }
  await page.getByRole("button", { name: "Back to my realm" }).click();
  await expect.poll(inView).toBe(true);
  const home = await hexOnScreen(page, cq, cr);
  await page.mouse.click(home.x, home.y);
  await expect(panel.getByRole("heading", { level: 3 })).toHaveText(`Tile (${cq}, ${cr})`);
  await page.locator(".map-wrap").evaluate((n) => n.scrollIntoView());
  await shoot(page, "map-desktop-en", out);

  // Phone size: the realm in the view again, tappable hexes, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.getByRole("button", { name: "Back to my realm" }).click();
  await page.locator(".map-wrap").evaluate((n) => n.scrollIntoView());
  await expect.poll(inView).toBe(true);
  await expectNoOverflow(page);
  await expectAccessible(page, "phone game with the legend open");
  await shoot(page, "map-phone-en", out);

  // In French: the same screens, every word of the map translated.
  await page.evaluate(() => localStorage.setItem("marchlords.lang", "fr"));
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.reload();
  await expect(page.locator("svg.map path.tile").first()).toBeVisible();
  await page.getByRole("button", { name: "Afficher la légende" }).click();
  await expect(page.getByRole("region", { name: "Légende de la carte" })).toContainText("votre armée (rond)");
  await page.locator(".map-wrap").evaluate((n) => n.scrollIntoView());
  await expect.poll(inView).toBe(true);
  const capitalFr = await hexOnScreen(page, cq, cr);
  await page.mouse.click(capitalFr.x, capitalFr.y);
  await expect(page.getByTestId("tile-panel").getByRole("heading", { level: 3 })).toHaveText(`Case (${cq}, ${cr})`);
  await expect(page.getByTestId("tile-owner")).toContainText(a.name);
  await expectAccessible(page, "game in French");
  await page.locator(".map-wrap").evaluate((n) => n.scrollIntoView());
  await shoot(page, "map-desktop-fr", out);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.getByRole("button", { name: "Revenir à mon royaume" }).click();
  await page.locator(".map-wrap").evaluate((n) => n.scrollIntoView());
  await shoot(page, "map-phone-fr", out);
  await page.context().close();
  await b.page.context().close();
});
