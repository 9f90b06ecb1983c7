// The spectator's page (R-CAMP-13) opens its map centred, as a player's map opens on their
// realm: the map's middle hex in the middle of the frame (or the map in the middle of a frame
// larger than it), on a desktop and on a phone (issue 44, round 3) — and stays so when its
// frame is hidden a moment (a 0×0 frame measured as a size shifted the view by half the frame:
// the map in the bottom-right corner) or the page is laid out again before the player moves it.
import { expect, test } from "@playwright/test";
import { centre } from "../../src/lib/hex.ts";
import { apiCall, apiPlayer, expectAccessible, startedCampaign } from "./helpers.ts";

const HEX = 18;

for (const size of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 667 },
] as const) {
  test(`a spectator's map opens centred (${size.name})`, async ({ browser }, testInfo) => {
    const a = await apiPlayer(browser, "showa");
    const b = await apiPlayer(browser, "showb");
    const c = await apiPlayer(browser, "showc", { viewport: { width: size.width, height: size.height } });
    const campaign = await startedCampaign(
      a,
      [
        [a, "empire", 0],
        [b, "orcs_goblins", 1],
      ],
      "skirmish",
      { settings: { public: true, spectator_delay_turns: 1 } },
    );
    const base = `/v1/campaigns/${campaign.id}`;
    for (const p of [a, b]) await apiCall(p.page.request, p.token, "PUT", `${base}/turn/ready`);
    await apiCall(a.page.request, a.token, "POST", `${base}/turn/resolve`);
    await apiCall(c.page.request, c.token, "POST", `${base}/spectators`);

    const page = c.page;
    await page.goto(`/watch/${campaign.id}`);
    const map = page.locator("svg.map");
    await expect(map).toBeVisible();
    await expect(page.getByText(/Turn 1/)).toBeVisible();
    const home = ((await map.getAttribute("data-home")) ?? "0,0").split(",").map(Number) as [number, number];
    // The frame hidden a moment (0×0 for the ResizeObserver), then shown again.
    await page.waitForTimeout(300);
    await page.evaluate(() => ((document.querySelector(".map-frame") as HTMLElement).style.display = "none"));
    await page.waitForTimeout(300);
    await page.evaluate(() => ((document.querySelector(".map-frame") as HTMLElement).style.display = ""));
    // The page laid out again (a narrower window, then the right one) before any move.
    await page.setViewportSize({ width: Math.round(size.width / 2), height: Math.round(size.height / 2) });
    await page.waitForTimeout(300);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(500);
    const placed = await page.evaluate(
      ({ x, y }) => {
        const group = document.querySelector("svg.map > g") as SVGGElement;
        const svg = document.querySelector("svg.map") as SVGSVGElement;
        const box = svg.getBoundingClientRect();
        const p = new DOMPoint(x, y).matrixTransform(group.getScreenCTM() as DOMMatrix);
        const drawn = group.getBoundingClientRect();
        return {
          dx: p.x - (box.left + box.width / 2),
          dy: p.y - (box.top + box.height / 2),
          // How far the drawn map's middle is from the frame's middle, where the map is smaller.
          mx: drawn.width < box.width ? drawn.left + drawn.width / 2 - (box.left + box.width / 2) : 0,
          my: drawn.height < box.height ? drawn.top + drawn.height / 2 - (box.top + box.height / 2) : 0,
          width: box.width,
          height: box.height,
        };
      },
      { x: centre(home, HEX)[0], y: centre(home, HEX)[1] },
    );
    // The middle hex is in the middle of the frame, give or take a hex (the map's edges may keep
    // it from the exact middle); a map smaller than the frame sits in its middle.
    const hex = 60;
    expect(Math.abs(placed.mx), JSON.stringify(placed)).toBeLessThan(hex);
    expect(Math.abs(placed.my), JSON.stringify(placed)).toBeLessThan(hex);
    if (placed.mx === 0) expect(Math.abs(placed.dx), JSON.stringify(placed)).toBeLessThan(hex);
    if (placed.my === 0) expect(Math.abs(placed.dy), JSON.stringify(placed)).toBeLessThan(hex);
    await page.screenshot({ path: testInfo.outputPath(`spectate-${size.name}.png`) });
    await expectAccessible(page, `spectator (${size.name})`);
    for (const p of [a, b, c]) await p.page.context().close();
  });
}
