import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

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
  await expect(page.getByRole("heading", { name: "Campaigns" })).toBeVisible();
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

/** Nothing on the page is wider than the viewport (a phone's 375 px). */
export async function expectNoOverflow(page: Page): Promise<void> {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className}`),
  );
  expect(wide).toEqual([]);
}
