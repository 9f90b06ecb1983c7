// The map on a phone (issue 44): two fingers zoom around themselves (the tile under the fingers
// stays under them), a drag however long leaves some of the map in the frame, the zoom
// controls cover no tile, and after "select to move" the highlighted hexes are on the screen.
// Touches are real ones, sent through the Chrome DevTools Protocol (Input.dispatchTouchEvent).
import { expect, test, type Browser, type CDPSession, type Page } from "@playwright/test";
import { apiPlayer, startedCampaign } from "./helpers.ts";

const PHONE = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true };

type Point = { x: number; y: number };

/** The map's point (its own units) under the screen point p, and back. */
async function mapPointAt(page: Page, p: Point): Promise<Point> {
  return page.evaluate(({ x, y }) => {
    const group = document.querySelector("svg.map > g") as SVGGElement;
    const q = new DOMPoint(x, y).matrixTransform((group.getScreenCTM() as DOMMatrix).inverse());
    return { x: q.x, y: q.y };
  }, p);
}
async function screenPointOf(page: Page, p: Point): Promise<Point> {
  return page.evaluate(({ x, y }) => {
    const group = document.querySelector("svg.map > g") as SVGGElement;
    const q = new DOMPoint(x, y).matrixTransform(group.getScreenCTM() as DOMMatrix);
    return { x: q.x, y: q.y };
  }, p);
}

/** After a move the group's transform is written in the next animation frame. */
async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Two fingers from (a0, b0) to (a1, b1) in `steps` moves, then lifted. */
async function pinch(cdp: CDPSession, a0: Point, b0: Point, a1: Point, b1: Point, steps = 12): Promise<void> {
  const at = (t: number) => [
    { x: a0.x + (a1.x - a0.x) * t, y: a0.y + (a1.y - a0.y) * t, id: 1 },
    { x: b0.x + (b1.x - b0.x) * t, y: b0.y + (b1.y - b0.y) * t, id: 2 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at(0)[0]!] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (let i = 1; i <= steps; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i / steps) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** One finger dragged from a to b. */
async function drag(cdp: CDPSession, a: Point, b: Point, steps = 6): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ ...a, id: 1 }] });
  for (let i = 1; i <= steps; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps, id: 1 }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

async function phoneGame(browser: Browser) {
  const a = await apiPlayer(browser, "pincha", PHONE);
  const b = await apiPlayer(browser, "pinchb");
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
  // The map at the top of the screen: a touch off the viewport reaches nothing.
  await page.locator("svg.map").evaluate((e) => e.scrollIntoView({ block: "start" }));
  await frames(page);
  return { a, b, page };
}

test("two fingers zoom the map around themselves on a phone: the tile under them stays under them", async ({ browser }) => {
  test.setTimeout(180_000);
  const { a, b, page } = await phoneGame(browser);
  const box = (await page.locator("svg.map").boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const scale = async () => Number(await page.locator("svg.map").getAttribute("data-scale"));

  // Fingers 40 px apart left of the middle spread to 160 px: the map point between them stays.
  const mid = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.45 };
  const under = await mapPointAt(page, mid);
  const before = await scale();
  await pinch(cdp, { x: mid.x - 20, y: mid.y }, { x: mid.x + 20, y: mid.y }, { x: mid.x - 80, y: mid.y }, { x: mid.x + 80, y: mid.y });
  await frames(page);
  const zoomed = await scale();
  expect(zoomed / before, "zoomed in about fourfold (within the zoom's bounds)").toBeGreaterThan(1.5);
  const after = await screenPointOf(page, under);
  expect(Math.hypot(after.x - mid.x, after.y - mid.y), "the point between the fingers stays under them").toBeLessThan(2);

  // Pinching in while the fingers travel: the point between them follows them.
  const from = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.5 };
  const to = { x: from.x + 40, y: from.y - 30 };
  const held = await mapPointAt(page, from);
  await pinch(cdp, { x: from.x - 70, y: from.y }, { x: from.x + 70, y: from.y }, { x: to.x - 50, y: to.y }, { x: to.x + 50, y: to.y });
  await frames(page);
  expect(await scale(), "zoomed out again").toBeLessThan(zoomed);
  const followed = await screenPointOf(page, held);
  expect(Math.hypot(followed.x - to.x, followed.y - to.y), "the held point moved with the fingers").toBeLessThan(2);

  // A pinch is never a tap: no tile panel opened.
  await expect(page.getByTestId("tile-panel")).toHaveCount(0);
  for (const p of [a, b]) await p.page.context().close();
});

test("a drag never takes the map off the screen, and the zoom controls cover no tile", async ({ browser }) => {
  test.setTimeout(180_000);
  const { a, b, page } = await phoneGame(browser);
  const svg = page.locator("svg.map");
  const box = (await svg.boundingBox())!;
  const tools = (await page.locator(".map-tools").boundingBox())!;
  const overlap = Math.max(0, Math.min(tools.x + tools.width, box.x + box.width) - Math.max(tools.x, box.x)) * Math.max(0, Math.min(tools.y + tools.height, box.y + box.height) - Math.max(tools.y, box.y));
  expect(overlap, "the zoom controls are not over the map").toBe(0);

  // Drag far to each side with a finger: a third of the frame still shows the map.
  const cdp = await page.context().newCDPSession(page);
  const shown = async () => {
    await frames(page);
    const map = (await page.locator("svg.map > g .tiles").boundingBox())!;
    const w = Math.min(map.x + map.width, box.x + box.width) - Math.max(map.x, box.x);
    const h = Math.min(map.y + map.height, box.y + box.height) - Math.max(map.y, box.y);
    return { w, h };
  };
  const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (const [dx, dy] of [
    [1, 1],
    [-1, -1],
    [1, -1],
    [-1, 1],
  ] as const) {
    const start = await mapPointAt(page, c);
    for (let i = 0; i < 6; i++) await drag(cdp, c, { x: c.x + dx * 150, y: c.y + dy * 150 });
    await frames(page);
    const end = await mapPointAt(page, c);
    expect(Math.hypot(end.x - start.x, end.y - start.y), "the drags moved the map").toBeGreaterThan(20);
    const s = await shown();
    expect(s.w, `after a long drag (${dx}, ${dy}): the map across a third of the frame`).toBeGreaterThanOrEqual(box.width / 3 - 2);
    expect(s.h, `after a long drag (${dx}, ${dy}): the map down a third of the frame`).toBeGreaterThanOrEqual(box.height / 3 - 2);
  }
  // The keyboard's arrows too.
  await svg.focus();
  for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowUp");
  const s = await shown();
  expect(s.h, "after the arrow keys: the map still in the frame").toBeGreaterThanOrEqual(box.height / 3 - 2);
  for (const p of [a, b]) await p.page.context().close();
});

test("after 'select to move' on a phone every highlighted hex is on the screen", async ({ browser }) => {
  test.setTimeout(180_000);
  const { a, b, page } = await phoneGame(browser);
  // The map looks elsewhere (zoomed in, dragged away), and the player scrolls to the panel.
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  const box = (await page.locator("svg.map").boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  await drag(cdp, { x: box.x + 50, y: box.y + box.height - 40 }, { x: box.x + box.width - 20, y: box.y + 20 });
  await expect(page.getByTestId("tile-panel"), "a drag is not a tap").toHaveCount(0);
  const select = page.getByTestId("my-armies").getByRole("button", { name: /^Select to move/ }).first();
  await select.scrollIntoViewIfNeeded();
  await select.click();
  const reach = page.locator("svg.map .reach use");
  await expect(reach.first()).toBeAttached();
  await frames(page);
  const view = page.viewportSize()!;
  const frame = (await page.locator("svg.map").boundingBox())!;
  expect(frame.y, "the map is on the screen").toBeGreaterThanOrEqual(-1);
  expect(frame.y + frame.height).toBeLessThanOrEqual(view.height + 1);
  const boxes = await reach.evaluateAll((list) => list.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(1);
  for (const r of boxes) {
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    expect(cx >= frame.x && cx <= frame.x + frame.width && cy >= frame.y && cy <= frame.y + frame.height, `a highlighted hex at (${cx}, ${cy}) in the map's frame`).toBe(true);
  }
  for (const p of [a, b]) await p.page.context().close();
});
