// One geometry for every layer of the map (issue 44, bug 1). On The Old World (28 × 20) the
// terrain was drawn at a smaller scale than the markers, the highlights and the clicks: the
// capital star and the army sat two hexes from their border, and a click on the hex drawn for
// one tile opened its neighbour. Here a player clicks the centre of every drawn hex of that
// map and the page names that hex; borders, markers and the selection sit on the same centres.
// Screenshots of the page at both sizes go to the test's output (test-results/), to look at.
import { expect, test, type Page } from "@playwright/test";
import { pathCentres } from "../../src/lib/hex.ts";
import { apiPlayer, expectAccessible, startedCampaign } from "./helpers.ts";

interface Drawn {
  coord: string;
  x: number;
  y: number;
}

/** Every hex drawn by one kind of batched path (`selector`), with its centre in map units. */
async function drawnHexes(page: Page, selector: string): Promise<Drawn[]> {
  const paths = await page.locator(selector).evaluateAll((nodes) => nodes.map((n) => ({ d: n.getAttribute("d") ?? "", coords: n.getAttribute("data-coords") ?? "" })));
  return paths.flatMap(({ d, coords }) => {
    const names = coords.split(" ").filter(Boolean);
    const centres = pathCentres(d);
    expect(centres.length, `${selector}: one polygon per named hex`).toBe(names.length);
    return centres.map(([x, y], i) => ({ coord: names[i] ?? "", x, y }));
  });
}

/** Where a point of the map (its own units) is on the screen now, and whether a click there
 * reaches the map (not a zoom button over it, not off the visible part). */
async function onScreen(page: Page, points: readonly Drawn[]): Promise<{ x: number; y: number; clickable: boolean }[]> {
  return page.evaluate((list) => {
    const group = document.querySelector("svg.map > g") as SVGGElement;
    const svg = document.querySelector("svg.map") as SVGSVGElement;
    const matrix = group.getScreenCTM() as DOMMatrix;
    const box = svg.getBoundingClientRect();
    return list.map(({ x, y }) => {
      const p = new DOMPoint(x, y).matrixTransform(matrix);
      const inside = p.x > box.left + 2 && p.x < box.right - 2 && p.y > box.top + 2 && p.y < box.bottom - 2;
      const hit = inside ? document.elementFromPoint(p.x, p.y) : null;
      return { x: p.x, y: p.y, clickable: hit !== null && hit.closest("svg.map") === svg };
    });
  }, points);
}

function near(a: { x: number; y: number }, b: { x: number; y: number }, what: string): void {
  expect(Math.hypot(a.x - b.x, a.y - b.y), what).toBeLessThan(0.6);
}

test("every hex drawn on The Old World opens itself, and every layer sits on it", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const a = await apiPlayer(browser, "mapa");
  const b = await apiPlayer(browser, "mapb");
  const campaign = await startedCampaign(
    a,
    [
      [a, "empire", 0],
      [b, "orcs_goblins", 1],
    ],
    "old_world",
  );
  const page = a.page;
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByTestId("turn")).toHaveText("1");
  await expect(page.locator("svg.map path.tile").first()).toBeVisible();

  // Every tile of the player's view is drawn once.
  const world = (await (await page.request.get(`/v1/campaigns/${campaign.id}/map`, { headers: { Authorization: `Bearer ${a.token}` } })).json()) as {
    width: number;
    height: number;
    tiles: { q: number; r: number; owner?: number | null }[];
  };
  expect([world.width, world.height]).toEqual([28, 20]);
  const tiles = await drawnHexes(page, "svg.map path.tile");
  expect(tiles.map((t) => t.coord).sort()).toEqual(world.tiles.map((t) => `${t.q},${t.r}`).sort());
  const at = new Map(tiles.map((t) => [t.coord, t]));

  // Borders and markers (the capital, the armies) are centred on their own tile's drawing.
  const borders = await drawnHexes(page, "svg.map path.border");
  expect(borders.length).toBeGreaterThan(0);
  for (const hex of borders) near(hex, at.get(hex.coord) ?? { x: NaN, y: NaN }, `border of ${hex.coord}`);
  const markers = await page.locator("svg.map g.contents").evaluateAll((nodes) =>
    nodes.map((n) => {
      const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(n.getAttribute("transform") ?? "");
      return { coord: n.getAttribute("data-tile") ?? "", x: Number(m?.[1]), y: Number(m?.[2]) };
    }),
  );
  expect(markers.length).toBeGreaterThan(0);
  for (const marker of markers) near(marker, at.get(marker.coord) ?? { x: NaN, y: NaN }, `marker of ${marker.coord}`);

  // The map opens on the player's realm, zoomed in (map-view.spec.ts): "0" shows the whole map,
  // where most hexes are on the screen at once.
  await page.locator("svg.map").focus();
  await page.keyboard.press("0");
  await page.waitForTimeout(100);

  // Screenshots to look at: the whole map on a desktop, then on a 375×667 phone.
  await page.screenshot({ path: testInfo.outputPath("old-world-desktop.png"), fullPage: true });

  // A click at the centre of every drawn hex opens that hex: the tile panel and the selection.
  const heading = page.getByTestId("tile-panel").getByRole("heading", { level: 3 });
  const selection = page.locator("svg.map use.selected");
  let left = tiles;
  for (let attempt = 0; left.length > 0 && attempt < 4; attempt++) {
    const screen = await onScreen(page, left);
    const later: Drawn[] = [];
    let last: Drawn | null = null;
    for (const [i, hex] of left.entries()) {
      const point = screen[i];
      if (!point?.clickable) {
        later.push(hex);
        continue;
      }
      const [q, r] = hex.coord.split(",");
      await page.mouse.click(point.x, point.y);
      await expect(heading, `the hex drawn for (${q}, ${r})`).toHaveText(`Tile (${q}, ${r})`);
      await expect(selection).toHaveAttribute("data-selected", hex.coord);
      last = hex;
    }
    if (last) near({ x: Number(await selection.getAttribute("x")), y: Number(await selection.getAttribute("y")) }, last, "the selection's outline");
    left = later;
    // Hexes under the zoom buttons or off the frame: move the map (the keyboard's arrows) and
    // click them where they are now.
    if (left.length > 0) {
      await page.locator("svg.map").focus();
      for (let step = 0; step <= attempt; step++) await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowRight");
      await page.waitForTimeout(100);
    }
  }
  expect(left.map((h) => h.coord), "hexes never clicked").toEqual([]);

  // The keyboard reaches every hex: Shift+arrows from the hex last opened, Enter opens it.
  await page.keyboard.press("0");
  const start = tiles.find((t) => t.coord === "3,3") ?? tiles[0]!;
  // The reset ("0") is drawn on a later frame: measure and click again until the click lands on
  // the map as it is drawn now (a click measured on the frame before opened a neighbour).
  await expect(async () => {
    const [startPoint] = await onScreen(page, [start]);
    await page.mouse.click(startPoint?.x ?? 0, startPoint?.y ?? 0);
    await expect(selection).toHaveAttribute("data-selected", start.coord, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.locator("svg.map").focus();
  for (const arrow of ["ArrowRight", "ArrowRight", "ArrowDown"]) await page.keyboard.press(`Shift+${arrow}`);
  // (3, 3) → (4, 3) → (5, 3) → down a row, same column of the odd-r layout: (4, 4).
  await expect(page.getByTestId("map-cursor")).toHaveText("Tile (4, 4)");
  await page.keyboard.press("Enter");
  await expect(heading).toHaveText("Tile (4, 4)");
  await expect(selection).toHaveAttribute("data-selected", "4,4");
  // Zoomed in, far off the frame, the map follows the keyboard's hex.
  for (let i = 0; i < 4; i++) await page.keyboard.press("+");
  for (let i = 0; i < 30; i++) await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("map-cursor")).toHaveText("Tile (25, 4)");
  const frame = await page.locator("svg.map").boundingBox();
  const reached = tiles.find((t) => t.coord === "25,4") ?? tiles[0]!;
  await expect
    .poll(async () => {
      const [point] = await onScreen(page, [reached]);
      return Boolean(point && frame && point.x > frame.x && point.x < frame.x + frame.width && point.y > frame.y && point.y < frame.y + frame.height);
    }, { message: "the hex the keyboard reached is in the frame" })
    .toBe(true);

  await page.setViewportSize({ width: 375, height: 667 });
  await page.locator("svg.map").focus();
  await page.keyboard.press("0");
  await page.screenshot({ path: testInfo.outputPath("old-world-phone.png"), fullPage: true });
  await expectAccessible(page, "the whole map on a phone");
  await page.context().close();
  await b.page.context().close();
});
