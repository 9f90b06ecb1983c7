// The installable client (issue 46): Chromium judges it installable (DevTools' installability
// check), it opens offline and says so, the worker keeps nothing of one user for the next, and
// the settings' "Notify me on this device" asks the permission only when clicked and is not
// offered when the server has push off.
import { chromium, expect, test, type Locator, type Page } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiCall, expectAccessible, signUp, tokenOf, uniqueName } from "./helpers.ts";

const FAKE_KEY = "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A";

/** The page once its service worker controls it (the first visit installs it, and it claims the
 * page: no reload needed). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every cache of the origin with the URLs it holds. */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
  });
}

/** Nothing in `target` is wider than the viewport (a phone's 375 px). */
async function expectNotWider(target: Locator): Promise<void> {
  const wide = await target.evaluate((root) =>
    [root, ...root.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => `${e.tagName}.${e.className}`),
  );
  expect(wide).toEqual([]);
}

async function screenshots(page: Page, name: string, target = page.getByTestId("push-settings")): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 });
  await target.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/pwa-${name}-desktop.png` });
  await page.setViewportSize({ width: 375, height: 740 });
  await target.scrollIntoViewIfNeeded();
  await expectNotWider(target);
  await page.screenshot({ path: `test-results/pwa-${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 860 });
}

test("Chromium judges the client installable: manifest, icons, service worker", async ({ baseURL }) => {
  // Chromium never offers to install from an incognito profile, which a test's context is:
  // this one runs in a real (temporary) profile.
  const profile = await mkdtemp(join(tmpdir(), "marchlords-pwa-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    baseURL: baseURL ?? "http://127.0.0.1:8000",
  });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
    expect(installability.installabilityErrors).toEqual([]);
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-security-policy"]).toContain("worker-src 'self'");
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("offline, the client opens, says so, and shows nothing of the previous user", async ({ page, context }) => {
  // User A signs in and browses: their campaign is on the page.
  const alice = uniqueName("alice");
  await signUp(page, alice);
  const maps = (await (await page.request.get("/v1/maps?limit=100", { headers: { Authorization: `Bearer ${await tokenOf(page)}` } })).json()) as {
    items: { id: string; builtin_key: string | null }[];
  };
  const secret = uniqueName("Alice secret war ");
  await apiCall(page.request, await tokenOf(page), "POST", "/v1/campaigns", { name: secret, map_id: maps.items[0]?.id });
  await page.reload();
  await expect(page.getByRole("link", { name: secret })).toBeVisible();
  await page.goto("/inbox");
  await controlled(page);

  // A signs out, B signs up and browses on the same device.
  await page.goto("/");
  await page.getByRole("button", { name: "Sign out" }).click();
  const bob = uniqueName("bob");
  await signUp(page, bob);
  await expect(page.getByTestId("user")).toHaveText(bob);

  // The network goes: the shell still opens, says it is offline, and shows nothing of A.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await expect(page.getByTestId("offline-banner")).toContainText("You are offline.");
  const text = await page.locator("body").innerText();
  expect(text).not.toContain(alice);
  expect(text).not.toContain(secret);

  // The worker's caches hold the app shell only: no answer of the API, so nothing of A or B.
  const contents = await cacheContents(page);
  expect(Object.keys(contents).length).toBeGreaterThan(0);
  for (const [name, paths] of Object.entries(contents)) {
    expect(name).toMatch(/^workbox-precache/);
    expect(paths.filter((path) => path.startsWith("/v1"))).toEqual([]);
  }
  expect(paths(contents)).toContain("/index.html");
  await expectAccessible(page, "offline");
  await screenshots(page, "offline-en", page.getByTestId("offline-banner"));
  await page.getByRole("combobox", { name: "Language" }).first().selectOption("fr");
  await expect(page.getByTestId("offline-banner")).toContainText("Vous êtes hors ligne.");
  await screenshots(page, "offline-fr", page.getByTestId("offline-banner"));

  // The network is back: the banner goes at the next answer.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId("user")).toHaveText(bob);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
});

function paths(contents: Record<string, string[]>): string[] {
  return Object.values(contents).flat();
}

test("the API's pages are never answered by the worker with the client", async ({ page }) => {
  await page.goto("/");
  await controlled(page);
  await page.goto("/docs");
  await expect(page.locator("#swagger-ui")).toBeAttached();
  const rules = await page.goto("/rules");
  expect(rules?.headers()["content-type"] ?? "").not.toContain("manifest");
  await expect(page.locator("#root")).toHaveCount(0);
});

test("'Notify me on this device' is not offered when the server has push off", async ({ page }) => {
  await page.route("**/v1/push/key", (route) => route.fulfill({ json: { enabled: false, public_key: null } }));
  await signUp(page, uniqueName("nopush"));
  const card = page.getByTestId("push-settings");
  await card.getByRole("button", { name: "Set up notifications on this device" }).click();
  await expect(card).toContainText("This server does not send notifications to devices");
  await expect(card.getByRole("button", { name: "Notify me on this device" })).toHaveCount(0);
  await screenshots(page, "push-disabled-en");
});

test("the notification permission is asked only after the click, never on load", async ({ page }) => {
  await page.addInitScript(() => {
    const original = Notification.requestPermission.bind(Notification);
    (window as unknown as { asked: number }).asked = 0;
    Notification.requestPermission = () => {
      (window as unknown as { asked: number }).asked += 1;
      return original();
    };
  });
  await page.route("**/v1/push/key", (route) => route.fulfill({ json: { enabled: true, public_key: FAKE_KEY } }));
  await page.route("**/v1/users/me/push-subscriptions", (route) =>
    route.fulfill({ json: { items: [{ id: 3, endpoint: "https://push.example/other", user_agent: "Mozilla/5.0 (Android 15; Mobile) Firefox/140.0", created_at: "2026-12-01T09:00:00Z" }] } }),
  );
  await signUp(page, uniqueName("push"));
  await controlled(page);
  const card = page.getByTestId("push-settings");
  const open = card.getByRole("button", { name: "Set up notifications on this device" });
  const button = card.getByRole("button", { name: "Notify me on this device" });
  await open.click();
  await expect(button).toBeVisible();
  await expect(card.getByTestId("push-devices")).toContainText("Firefox on Android");
  await page.reload();
  await open.click();
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  await expectAccessible(page, "push settings");
  await screenshots(page, "push-en");
  await page.getByRole("combobox", { name: "Language" }).first().selectOption("fr");
  await expect(card.getByRole("button", { name: "M'avertir sur cet appareil" })).toBeVisible();
  await screenshots(page, "push-fr");

  await card.getByRole("button", { name: "M'avertir sur cet appareil" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
});

test("a push message shows the server's notice, and opens only a page of this client", async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1:8000").origin;
  await context.grantPermissions(["notifications"], { origin });
  await page.goto("/");
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.filter((r) => !r.isDeleted && r.scopeURL === `${origin}/`).length).toBeGreaterThan(0);
  const registrationId = registrations.find((r) => r.scopeURL === `${origin}/`)?.registrationId ?? "";

  const push = (payload: unknown) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(payload) });
  await push({ title: "Turn 5 of Greenvale", body: "Your orders are awaited.", url: "/campaigns/3f2b0000-0000-4000-8000-000000000001", tag: "turn" });
  await push({ title: "Click me", body: "…", url: "https://evil.example/phish", tag: "evil" });
  await push({ title: "API", body: "…", url: "/v1/users/me", tag: "api" });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications())
        .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: unknown } | null)?.url }))
        .sort((a, b) => a.tag.localeCompare(b.tag)),
    );
  await expect.poll(shown).toEqual([
    { title: "API", body: "…", tag: "api", url: "/" },
    { title: "Click me", body: "…", tag: "evil", url: "/" },
    { title: "Turn 5 of Greenvale", body: "Your orders are awaited.", tag: "turn", url: "/campaigns/3f2b0000-0000-4000-8000-000000000001" },
  ]);
});
