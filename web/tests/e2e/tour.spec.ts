// The screenshot tour (issue 44): every screen of the client, in a campaign with real content
// (a battle with both armies' lists, messages both ways, a treaty, a lobby, a spectator), at
// 1280×800 and 375×667, in English and in French. Each screen is saved as
// web/test-results/tour/<lang>-<size>-<screen>.png (git-ignored) and checked: no serious or
// critical axe-core violation, no console error, no visible raw key (an i18n key such as
// `myArmies` or an enum value such as `found_city`, `awaiting_report`), nothing wider than a
// phone. The checks are soft: one run lists every screen's faults. Run it with
// `scripts/test_web tests/e2e/tour.spec.ts` and LOOK at the screenshots before a change lands
// (docs/contributors/web.md).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiCall, apiGet, apiPlayer, startedCampaign, uniqueName, type ApiPlayer } from "./helpers.ts";

type S = components["schemas"];
type Lang = "en" | "fr";

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;
type Size = keyof typeof SIZES;

const EMPIRE = "Name: Border patrol\nFaction: Empire\n* General of the Empire - 90 pts\n20x State Troops (halberds) - 300 pts\n";
const ORCS = "Name: Ladz\nFaction: Orcs & Goblins\n* Orc Warboss - 95 pts\n20x Orc Mob - 300 pts\n";

// A raw key on the screen: an i18n key (camelCase, as the dictionary's) or an enum value of the
// contract (snake_case). Names made by these tests have neither shape.
const RAW_KEY = /\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z]+(?:_[a-z0-9]+)+\b/g;
// Texts of those shapes that are words on purpose: the server's rule ids, a token's prefix.
const NOT_KEYS = new Set<string>(["iPhone", "iPad", "macOS", "eMail"]);

interface World {
  a: ApiPlayer; // owner, seat 1
  b: ApiPlayer; // seat 2
  c: ApiPlayer; // a spectator
  id: string;
  lobbyId: string;
  battleId: number;
}

let world: World;

async function moveTo(p: ApiPlayer, base: string, q: number, r: number): Promise<number> {
  const army = (await apiGet<S["ArmyList"]>(p.page.request, p.token, `${base}/armies`)).mine[0];
  const reach = await apiGet<S["ReachableTile"][]>(p.page.request, p.token, `${base}/armies/${army?.id}/reachable`);
  const tile = reach.find((t) => t.q === q && t.r === r);
  expect(tile, `(${q}, ${r}) reachable`).toBeTruthy();
  await apiCall(p.page.request, p.token, "PUT", `${base}/armies/${army?.id}/move`, { path: tile?.path });
  return army?.id ?? 0;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await apiPlayer(browser, "Alice");
  const b = await apiPlayer(browser, "Bruno");
  const c = await apiPlayer(browser, "Chloe");
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
  // Turn 1: an embassy proposed and accepted (a treaty), messages both ways, both armies (with
  // their lists) march on (5, 1): a battle there, with a pack, at the turn change.
  const embassy = await apiCall<S["EdictRead"]>(a.page.request, a.token, "POST", `${base}/edicts`, { kind: "embassy", to: 2 });
  await apiCall(b.page.request, b.token, "POST", `${base}/edicts/${embassy.id}/accept`);
  await apiCall(a.page.request, a.token, "POST", `${base}/messages`, { to: [2], body: "Shall we meet at the ford?" });
  await apiCall(b.page.request, b.token, "POST", `${base}/messages`, { to: [1], body: "At dawn, then." });
  await apiCall(b.page.request, b.token, "POST", `${base}/messages`, { to: "all", body: "Hear ye." });
  const armyA = await moveTo(a, base, 5, 1);
  const armyB = await moveTo(b, base, 5, 1);
  await apiCall(a.page.request, a.token, "PUT", `${base}/armies/${armyA}/roster`, { content: EMPIRE });
  await apiCall(b.page.request, b.token, "PUT", `${base}/armies/${armyB}/roster`, { content: ORCS });
  for (const p of [a, b]) await apiCall(p.page.request, p.token, "PUT", `${base}/turn/ready`);
  await apiCall(a.page.request, a.token, "POST", `${base}/turn/resolve`);
  // Turn 2: a message after the battle, and the spectator watches (a turn late).
  await apiCall(b.page.request, b.token, "POST", `${base}/messages`, { to: [1], body: "Well fought." });
  await apiCall(c.page.request, c.token, "POST", `${base}/spectators`);
  const battle = (await apiGet<S["BattlePage"]>(a.page.request, a.token, `${base}/battles`)).items[0];
  expect(battle, "a battle at (5, 1)").toBeTruthy();
  // A second campaign of Alice's, still in its lobby, Bruno seated in it.
  const maps = await apiGet<{ items: { id: string; builtin_key: string | null }[] }>(a.page.request, a.token, "/v1/maps?limit=100");
  const lobby = await apiCall<{ id: string; invite_code: string | null }>(a.page.request, a.token, "POST", "/v1/campaigns", {
    name: uniqueName("Lobby "),
    map_id: maps.items.find((m) => m.builtin_key === "skirmish")?.id,
  });
  await apiCall(b.page.request, b.token, "POST", `/v1/campaigns/${lobby.id}/players`, { invite_code: lobby.invite_code });
  await apiCall(b.page.request, b.token, "PATCH", `/v1/campaigns/${lobby.id}/players/me`, { faction: "orcs_goblins", slot: 1 });
  for (const p of [a, b, c]) await p.page.context().close();
  world = { a, b, c, id: campaign.id, lobbyId: lobby.id, battleId: battle?.id ?? 0 };
});

/** One pass of the tour: a page at one size, in one language, and what each screen must pass. */
class Tour {
  private errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
    readonly size: Size,
  ) {
    page.on("console", (m) => {
      if (m.type() === "error") this.errors.push(`console: ${m.text()} (${m.location().url})`);
    });
    page.on("pageerror", (e) => this.errors.push(`page: ${e.message}`));
  }

  /** Nothing is loading any more (the texts of both languages). */
  async settled(): Promise<void> {
    await expect(this.page.getByText(/^(Loading…|Chargement…)$/)).toHaveCount(0);
    await this.page.waitForTimeout(150);
  }

  /** Save the screen, then check it. `expected`: console errors this screen has by design. */
  async shot(screen: string, options: { expected?: RegExp; keys?: boolean; element?: string } = {}): Promise<void> {
    await this.settled();
    const path = `test-results/tour/${this.lang}-${this.size}-${screen}.png`;
    if (options.element) await this.page.locator(options.element).first().screenshot({ path });
    else await this.page.screenshot({ path, fullPage: true });
    const label = `${this.lang} ${this.size} ${screen}`;
    const errors = this.errors.filter((e) => !options.expected?.test(e));
    this.errors = [];
    expect.soft(errors, `${label}: console errors`).toEqual([]);
    if (options.keys !== false) {
      // Each visible text node (and each option of a list) on its own: two neighbours' texts
      // never run into one word.
      const texts = await this.page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest("script, style, noscript")) continue;
          if (parent.closest("option") ? parent.closest("select")?.checkVisibility() : parent.checkVisibility()) out.push(node.textContent ?? "");
        }
        return out;
      });
      const raw = [...new Set(texts.flatMap((text) => text.match(RAW_KEY) ?? []))].filter((w) => !NOT_KEYS.has(w));
      expect.soft(raw, `${label}: raw keys on the screen`).toEqual([]);
    }
    const results = await new AxeBuilder({ page: this.page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect.soft(bad.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`), `${label}: axe`).toEqual([]);
    if (this.size === "phone") {
      const wide = await this.page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((e) => !e.closest("svg.map") && e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((e) => `${e.tagName}.${e.className} ${(e.textContent ?? "").slice(0, 40)}`),
      );
      expect.soft(wide, `${label}: wider than the phone`).toEqual([]);
    }
  }

  /** Open every closed disclosure and <details> of the page's main part. */
  async openAll(): Promise<void> {
    // One at a time: an opened part may hold more of them.
    for (let i = 0; i < 60; i++) {
      const closed = this.page.locator("main .disclosure-toggle[aria-expanded=false], main details:not([open]) > summary");
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
  }
}

async function contextFor(browser: Browser, lang: Lang, size: Size, player: ApiPlayer | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: lang === "fr" ? "fr-FR" : "en-GB", viewport: SIZES[size], hasTouch: size === "phone" });
  if (player) {
    await apiCall(context.request, player.token, "PATCH", "/v1/users/me", { language: lang });
    await context.addInitScript((token) => localStorage.setItem("marchlords.token", token), player.token);
  }
  await context.addInitScript((l) => localStorage.setItem("marchlords.lang", l), lang);
  return context;
}

const TABS = ["armies", "tile", "battles", "messages", "edicts", "summary", "history", "seats", "notify", "gm"] as const;

for (const lang of ["en", "fr"] as const) {
  for (const size of ["desktop", "phone"] as const) {
    test(`tour ${lang} ${size}: every screen is drawn, accessible, in words, without a console error`, async ({ browser }) => {
      test.setTimeout(900_000);
      const { a, b, c, id, lobbyId, battleId } = world;

      // Signed out: the sign-in and sign-up forms.
      const out = await contextFor(browser, lang, size, null);
      const anonymous = new Tour(await out.newPage(), lang, size);
      await anonymous.page.goto("/");
      await anonymous.shot("sign-in");
      await anonymous.page.locator("main button").filter({ hasText: /Create an account|Créer un compte/ }).click();
      await anonymous.shot("sign-up");
      await out.close();

      const context = await contextFor(browser, lang, size, a);
      const tour = new Tour(await context.newPage(), lang, size);
      const page = tour.page;

      // The campaigns list with creation, joining and every part of the settings.
      await page.goto("/");
      await expect(page.locator("#campaigns-title")).toBeVisible();
      await tour.shot("campaigns");
      // What is hidden until focused is in the reader's language too.
      await expect.soft(page.locator("a.skip")).toHaveText(lang === "fr" ? "Aller au contenu" : "Skip to content");
      await tour.openAll();
      await tour.shot("settings-open", { expected: /404/ });
      const parts = await page.locator("main .columns > section").all();
      for (const [i, part] of parts.entries()) {
        const title = (await part.getAttribute("aria-labelledby")) ?? (await part.getAttribute("data-testid")) ?? `part-${i}`;
        await part.screenshot({ path: `test-results/tour/${lang}-${size}-settings-${title.replace(/-title$/, "")}.png` });
      }

      // The lobby.
      await page.goto(`/campaigns/${lobbyId}`);
      await tour.shot("lobby");

      // The game: the map, then each panel.
      await page.goto(`/campaigns/${id}`);
      await expect(page.locator("svg.map")).toBeVisible();
      await expect(page.getByTestId("live")).toBeVisible();
      await tour.shot("game");
      for (const tab of TABS) {
        await page.locator(`#tab-${tab}`).click();
        await tour.shot(`game-${tab}`, { expected: tab === "notify" ? /404/ : undefined });
      }
      // An army held in its battle (awaiting the report) is not offered a move: it says why,
      // with the rule (R-MOVE-2). A free army: select to move, its reachable hexes highlighted.
      await page.locator("#tab-armies").click();
      const held = page.getByTestId("army-held");
      if ((await held.count()) > 0) {
        await expect(held.first().getByRole("link", { name: "R-MOVE-2" })).toBeVisible();
        await tour.shot("game-army-held");
      }
      const select = page.getByTestId("my-armies").locator("li button[aria-pressed]");
      if ((await select.count()) > 0) {
        await select.first().click();
        await expect(page.locator("form.move")).toBeVisible();
        await tour.shot("game-army-selected");
      }
      // The tile panel on the realm's capital.
      const me = await apiGet<S["MeRead"]>(page.request, a.token, `/v1/campaigns/${id}/me`);
      const map = await apiGet<S["WorldMap"]>(page.request, a.token, `/v1/campaigns/${id}/map`);
      const capital = map.tiles.find((t) => t.owner === me.player && t.structure);
      await page.locator("input[name=q]").fill(String(capital?.q));
      await page.locator("input[name=r]").fill(String(capital?.r));
      await page.locator("input[name=r]").press("Enter");
      await expect(page.getByTestId("tile-panel")).toBeVisible();
      await tour.shot("game-tile-capital");
      // How to play, and the legend.
      await page.getByTestId("how-to-play").locator("summary").click();
      await page.getByTestId("legend-toggle").click();
      await tour.shot("game-guide");

      // Battles: the pack, the report form, its summary before sending.
      await page.goto(`/campaigns/${id}/battles/${battleId}`);
      await expect(page.getByTestId("battle-pack")).toBeVisible();
      await tour.shot("battle-pack");
      const item = page.locator(`li[data-battle-id="${battleId}"]`);
      const edit = item.getByRole("button", { name: new RegExp(`^(Edit the report|Modifier le rapport)`) });
      if (await edit.count()) await edit.first().click();
      const form = item.locator("form").filter({ has: page.locator("select") }).first();
      await form.locator("select").first().selectOption("attacker_victory");
      await form.locator("input[type=number]").nth(0).fill("20");
      await form.locator("input[type=number]").nth(1).fill("60");
      await tour.shot("battle-report-form");
      await form.locator("button[type=submit]").click();
      await expect(page.getByTestId("report-check")).toBeVisible();
      await tour.shot("battle-report-check");
      await page.getByTestId("report-check").locator("button.primary").click();
      await expect(page.getByTestId("battle-status")).toHaveAttribute("data-status", "reported");
      await tour.shot("battle-reported");

      // The inbox.
      await page.goto("/inbox");
      await tour.shot("inbox");

      // The rulebook, served by the server in the reader's language (a document: its rule
      // texts may name the contract's fields).
      await page.goto(lang === "fr" ? "/rules/fr" : "/rules");
      await tour.shot("rulebook", { keys: false });

      // An error: a campaign that does not exist (its 404 is the point of the screen).
      await page.goto("/campaigns/00000000-0000-4000-8000-000000000000");
      await expect(page.locator(".problem, [role=alert]").first()).toBeVisible();
      await tour.shot("error-not-found", { expected: /404/ });
      await context.close();

      // The other player: the battle to confirm.
      const other = await contextFor(browser, lang, size, b);
      const bruno = new Tour(await other.newPage(), lang, size);
      await bruno.page.goto(`/campaigns/${id}/battles/${battleId}`);
      await expect(bruno.page.getByTestId("battle-status")).toHaveAttribute("data-status", "reported");
      await bruno.shot("battle-confirm");
      await bruno.page.locator("#tab-messages").click();
      await bruno.shot("messages-other");
      await other.close();

      // The spectator: the public list and the campaign a turn late.
      const watcher = await contextFor(browser, lang, size, c);
      const chloe = new Tour(await watcher.newPage(), lang, size);
      await chloe.page.goto(`/watch/${id}`);
      await expect(chloe.page.locator("svg.map")).toBeVisible();
      await chloe.shot("spectate");
      await watcher.close();
    });
  }
}
