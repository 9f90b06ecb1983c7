// scripts/web_budgets: prints (never asserts) the web client's budgets of issue 27, measured in
// Debian's Chromium against the live server of MARCHLORDS_BASE_URL:
//   - JavaScript shipped, gzipped (≤ 200 KB);
//   - first render of a 64×64 generated map with 17 players: main-thread time between the
//     map's performance marks (≤ 100 ms), and the longest long task around it;
//   - frame time while panning (≤ 16 ms per frame);
//   - time for a turn change to reach an open page after the resolve answer (≤ 1 s).
import { chromium } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createApi, ok, type Api } from "../src/api/client.ts";

const baseUrl = process.env["MARCHLORDS_BASE_URL"] ?? "http://127.0.0.1:8000";
const PLAYERS = 17;

function line(name: string, value: string, budget: string): void {
  console.log(`${name.padEnd(52)} ${value.padStart(12)}   (budget ${budget})`);
}

async function user(label: string): Promise<{ api: Api; token: string }> {
  let token: string | null = null;
  const api = createApi(baseUrl, () => token);
  const username = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = "budget-pass-1234";
  ok(await api.POST("/v1/users", { body: { username, password, display_name: username } }));
  const grant = ok(
    await api.POST("/v1/auth/token", {
      body: { grant_type: "password", username, password, scope: "" },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
  token = grant.access_token;
  return { api, token };
}

function factionKeys(ruleset: unknown): string[] {
  const list = (ruleset as { factions?: { key?: unknown }[] } | null)?.factions ?? [];
  return list.flatMap((f) => (typeof f.key === "string" ? [f.key] : []));
}

async function main(): Promise<void> {
  const dist = new URL("../dist/assets/", import.meta.url);
  let gzipped = 0;
  for (const file of readdirSync(dist)) {
    if (file.endsWith(".js")) gzipped += gzipSync(readFileSync(join(dist.pathname, file))).length;
  }
  line("JavaScript shipped, gzipped", `${(gzipped / 1024).toFixed(1)} KB`, "≤ 200 KB");

  // A started 64×64 campaign with 17 players.
  const players: { api: Api; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await user(`b${i}`));
  const owner = players[0]!;
  const campaign = ok(
    await owner.api.POST("/v1/campaigns", {
      body: {
        name: "Budgets",
        generate_map: { width: 64, height: 64, players: PLAYERS, seed: 7, wrap: "none" },
        settings: { max_players: PLAYERS } as never,
        ruleset: { max_players: PLAYERS } as never,
      },
    }),
  );
  const path = { campaign_id: campaign.id };
  const factions = factionKeys(ok(await owner.api.GET("/v1/campaigns/{campaign_id}/ruleset", { params: { path } })));
  // Some factions must start on a coast (R-CAMP-3): each player takes the first slot that
  // suits; one who finds none swaps with a player who may start anywhere.
  const choose = async (i: number, slot: number) =>
    (await players[i]!.api.PATCH("/v1/campaigns/{campaign_id}/players/me", { params: { path }, body: { faction: factions[i] ?? null, slot } })).response.ok;
  let free = Array.from({ length: PLAYERS }, (_, i) => i);
  const seat = new Map<number, number>();
  const picky = new Set<number>();
  for (const [i, p] of players.entries()) {
    ok(await p.api.POST("/v1/campaigns/{campaign_id}/players", { params: { path }, body: { invite_code: campaign.invite_code ?? "" } }));
    let placed = false;
    for (const slot of free) {
      if (await choose(i, slot)) {
        seat.set(i, slot);
        free = free.filter((s) => s !== slot);
        placed = true;
        break;
      }
      picky.add(i);
    }
    for (const [j, taken] of seat) {
      if (placed || picky.has(j) || free[0] === undefined) continue;
      const spare = free[0];
      if (!(await choose(j, spare))) continue;
      seat.set(j, spare);
      free = [...free.filter((s) => s !== spare), taken];
      if (await choose(i, taken)) {
        seat.set(i, taken);
        free = free.filter((s) => s !== taken);
        placed = true;
      }
    }
    if (!placed) throw new Error(`no starting slot suits player ${i + 1} (${factions[i]})`);
  }
  ok(await owner.api.POST("/v1/campaigns/{campaign_id}/start", { params: { path } }));

  const browser = await chromium.launch({
    executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.addInitScript((token) => {
    localStorage.setItem("marchlords.token", token);
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  }, owner.token);
  await page.goto(`${baseUrl}/campaigns/${campaign.id}`);
  await page.locator("svg.map").waitFor();
  await page.waitForTimeout(500);
  const render = await page.evaluate(() => {
    const measures = performance.getEntriesByName("map-render");
    const tasks = (window as unknown as { __longTasks: number[] }).__longTasks;
    return { first: measures[0]?.duration ?? NaN, tiles: [...document.querySelectorAll("svg.map path.tile")].reduce((n, p) => n + Number(p.getAttribute("data-count") ?? 0), 0), longest: Math.max(0, ...tasks) };
  });
  line(`first render of the map (${render.tiles} tiles, ${PLAYERS} players)`, `${render.first.toFixed(1)} ms`, "≤ 100 ms");
  line("longest main-thread task while loading the page", `${render.longest.toFixed(1)} ms`, "—");

  // Panning: drag across the map and time the frames the browser paints meanwhile.
  const box = await page.locator("svg.map").boundingBox();
  if (box) {
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__frames = [];
      w.__stop = false;
      let last = performance.now();
      const tick = (now: number) => {
        w.__frames.push(now - last);
        last = now;
        if (!w.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 0; i < 60; i++) await page.mouse.move(box.x + box.width / 2 - i * 6, box.y + box.height / 2 - i * 3);
    await page.mouse.up();
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__stop = true;
      return w.__frames.slice(1);
    });
    const sorted = [...frames].sort((x, y) => x - y);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? NaN;
    const mean = frames.reduce((s, f) => s + f, 0) / Math.max(1, frames.length);
    line(`frame time while panning (mean, ${frames.length} frames)`, `${mean.toFixed(1)} ms`, "≤ 16 ms");
    line("frame time while panning (95th percentile)", `${p95.toFixed(1)} ms`, "≤ 16 ms");
  }

  // A turn change reaching the open page: from the resolve answer to the new turn on screen.
  await page.locator("[data-testid=live]", { hasText: "live" }).waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __turnAt: number };
    const target = document.querySelector("[data-testid=turn]");
    if (target) new MutationObserver(() => (w.__turnAt = Date.now())).observe(target, { childList: true, characterData: true, subtree: true });
  });
  for (const p of players) ok(await p.api.PUT("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } }));
  ok(await owner.api.POST("/v1/campaigns/{campaign_id}/turn/resolve", { params: { path } }));
  const answered = Date.now();
  await page.locator("[data-testid=turn]", { hasText: "2" }).waitFor({ timeout: 30_000 });
  await page.locator("svg.map[data-turn='2']").waitFor({ timeout: 30_000 });
  const mapAt = Date.now();
  const textAt = await page.evaluate(() => (window as unknown as { __turnAt: number }).__turnAt);
  line("turn change reaches the open page (turn number)", `${textAt - answered} ms`, "≤ 1000 ms");
  line("turn change reaches the open page (map redrawn)", `${mapAt - answered} ms`, "—");
  await browser.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
