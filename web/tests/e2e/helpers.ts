import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

export const PASSWORD = "e2e-password-1234";

export function uniqueName(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e5).toString(36)}`;
}

/** Sign up through the page (then it signs in by itself). */
export async function signUp(page: Page, username: string): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Display name").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();
}

export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("marchlords.token"));
  expect(token).toBeTruthy();
  return token ?? "";
}

/** GET a path of the API as the page's user. */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** No serious or critical axe-core violation on the page as it is. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`)).toEqual([]);
}

/** In the lobby: pick a faction (by its name) and a starting slot, and save. */
export async function chooseFactionAndSlot(page: Page, faction: string, slot: string): Promise<void> {
  await page.getByRole("combobox", { name: "Faction", exact: true }).selectOption({ label: faction });
  await page.getByRole("combobox", { name: "Starting slot", exact: true }).selectOption(slot);
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByRole("row").filter({ hasText: "(you)" })).toContainText(faction);
}

/** Nothing on the page is wider than the viewport (a phone's 375 px). The map's drawing is
 * larger than its frame by design (zoomed in, it pans): its frame clips it. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => !e.closest("svg.map") && e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className}`),
  );
  expect(wide).toEqual([]);
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest message to `address` whose subject matches, from the SMTP sink of scripts/_web.sh
 * (MARCHLORDS_E2E_MAIL_DIR), waiting for the server's email loop to send it. */
export async function waitForMail(address: string, subject: RegExp, after = 0): Promise<Mail> {
  const directory = process.env["MARCHLORDS_E2E_MAIL_DIR"];
  expect(directory, "MARCHLORDS_E2E_MAIL_DIR: start the server with scripts/test_web").toBeTruthy();
  const { readdir, readFile } = await import("node:fs/promises");
  const find = async (): Promise<Mail | null> => {
    const names = (await readdir(directory ?? "").catch(() => [] as string[])).filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort();
    const mails = await Promise.all(names.map(async (n) => JSON.parse(await readFile(`${directory}/${n}`, "utf-8")) as Mail));
    const wanted = mails.filter((m) => m.to.includes(address) && subject.test(m.subject));
    return wanted.length > after ? (wanted[wanted.length - 1] ?? null) : null;
  };
  let found: Mail | null = null;
  await expect.poll(async () => (found = await find()) !== null, { timeout: 30_000, message: `an email to ${address}: ${subject}` }).toBe(true);
  return found as unknown as Mail;
}

/** The first link in a message's text that starts with `prefix` (the test server's own URL). */
export function linkIn(mail: Mail, prefix: string): string {
  const found = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s>]*`).exec(mail.text);
  expect(found, mail.text).toBeTruthy();
  return found?.[0] ?? "";
}

/** POST, PUT, PATCH or DELETE a path of the API as a user; the answer's JSON (null: none). */
export async function apiCall<T>(request: APIRequestContext, token: string, method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? null : await response.json()) as T;
}

export interface ApiPlayer {
  page: Page;
  name: string;
  token: string;
}

/** A user made through the API, with a page (its own browser context) signed in as them. */
export async function apiPlayer(browser: Browser, label: string, options: BrowserContextOptions = {}): Promise<ApiPlayer> {
  const page = await (await browser.newContext({ locale: "en-GB", ...options })).newPage();
  const name = uniqueName(label);
  await apiCall(page.request, "", "POST", "/v1/users", { username: name, password: PASSWORD, display_name: name });
  const grant = await page.request.post("/v1/auth/token", { form: { grant_type: "password", username: name, password: PASSWORD, scope: "" } });
  const token = ((await grant.json()) as { access_token: string }).access_token;
  await page.goto("/");
  await page.evaluate((value) => localStorage.setItem("marchlords.token", value), token);
  return { page, name, token };
}

/** A campaign on a built-in map created by `owner` and joined by every player (faction, slot),
 * started through the API; returns it. */
export async function startedCampaign(
  owner: ApiPlayer,
  seats: readonly (readonly [ApiPlayer, string, number])[],
  builtinKey: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; invite_code: string | null }> {
  const maps = await apiGet<{ items: { id: string; builtin_key: string | null }[] }>(owner.page.request, owner.token, "/v1/maps?limit=100");
  const campaign = await apiCall<{ id: string; invite_code: string | null }>(owner.page.request, owner.token, "POST", "/v1/campaigns", {
    name: uniqueName("Campaign "),
    map_id: maps.items.find((m) => m.builtin_key === builtinKey)?.id,
    ...extra,
  });
  const base = `/v1/campaigns/${campaign.id}`;
  for (const [p, faction, slot] of seats) {
    await apiCall(p.page.request, p.token, "POST", `${base}/players`, { invite_code: campaign.invite_code });
    await apiCall(p.page.request, p.token, "PATCH", `${base}/players/me`, { faction, slot });
  }
  await apiCall(owner.page.request, owner.token, "POST", `${base}/start`);
  return campaign;
}

/** Report a battle's result through its form, which starts empty: the outcome, each side's
 * losses, "Check the report", then the summary's button (`submit`). */
export async function reportBattle(scope: Page | Locator, outcome: string, attackerPct: number, defenderPct: number, submit = "Report the result"): Promise<void> {
  await scope.getByRole("combobox", { name: "Outcome", exact: true }).selectOption(outcome);
  await scope.getByRole("spinbutton", { name: /attacker/i }).fill(String(attackerPct));
  await scope.getByRole("spinbutton", { name: /defender/i }).fill(String(defenderPct));
  await scope.getByRole("button", { name: "Check the report" }).click();
  await scope.getByRole("button", { name: submit }).click();
}
