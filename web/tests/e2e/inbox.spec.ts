// The inbox and army lists through the page: a turn's notification listed with its link into
// the campaign, marking all read clears the header's badge; a list pasted on an army shows its
// cap check. The campaign is set up through the API (the campaign spec covers the lobby).
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiGet, expectAccessible, expectNoOverflow, PASSWORD, signUp, tokenOf, uniqueName } from "./helpers.ts";

type S = components["schemas"];

async function call<T>(request: APIRequestContext, token: string, method: "POST" | "PUT" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test("the inbox lists a turn's notification, marking it read clears the badge; a pasted list shows its check", async ({ page }) => {
  const alice = uniqueName("alice");
  await signUp(page, alice);
  const aliceToken = await tokenOf(page);
  const request = page.request;
  const bruno = uniqueName("bruno");
  await call(request, "", "POST", "/v1/users", { username: bruno, password: PASSWORD, display_name: bruno });
  const grant = await request.post("/v1/auth/token", { form: { grant_type: "password", username: bruno, password: PASSWORD, scope: "" } });
  const brunoToken = ((await grant.json()) as S["AccessToken"]).access_token;

  const maps = await apiGet<S["MapPage"]>(request, aliceToken, "/v1/maps");
  const skirmish = maps.items.find((m) => m.builtin_key === "skirmish");
  const campaign = await call<S["CampaignRead"]>(request, aliceToken, "POST", "/v1/campaigns", { name: "Inbox e2e", map_id: skirmish?.id });
  const base = `/v1/campaigns/${campaign.id}`;
  for (const [slot, [token, faction]] of [
    [aliceToken, "empire"],
    [brunoToken, "orcs_goblins"],
  ].entries()) {
    await call(request, token ?? "", "POST", `${base}/players`, { invite_code: campaign.invite_code });
    await call(request, token ?? "", "PATCH", `${base}/players/me`, { faction, slot });
  }
  await call(request, aliceToken, "POST", `${base}/start`);
  for (const token of [aliceToken, brunoToken]) await call(request, token, "PUT", `${base}/turn/ready`);
  await call(request, aliceToken, "POST", `${base}/turn/resolve`);

  // The badge counts the unread ones (the page polls; a reload asks at once).
  await page.reload();
  const inbox = await apiGet<S["InboxPage"]>(request, aliceToken, "/v1/notifications");
  expect(inbox.unread).toBeGreaterThan(0);
  await expect(page.getByTestId("unread-badge")).toHaveText(String(inbox.unread));
  await page.getByRole("link", { name: /^Inbox \d+ unread notifications$/ }).click();
  const list = page.getByRole("list", { name: "Inbox" });
  const turn = list.locator('li[data-kind="turn_started"]').first();
  await expect(turn).toBeVisible();
  await expect(turn.getByRole("link")).toHaveAttribute("href", `/campaigns/${campaign.id}`);
  await expectAccessible(page, "inbox");
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole("button", { name: "Mark all read" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  expect((await apiGet<S["InboxPage"]>(request, aliceToken, "/v1/notifications")).unread).toBe(0);

  // Into the campaign by the notification's link; a list pasted on an army shows its check.
  await turn.getByRole("link").click();
  const armies = await apiGet<S["ArmyList"]>(request, aliceToken, `${base}/armies`);
  const army = armies.mine[0];
  expect(army).toBeDefined();
  await page.getByRole("tab", { name: "My armies" }).click();
  await page.getByRole("button", { name: `Select to move #${army?.id}` }).click();
  const panel = page.getByTestId("roster-panel");
  await panel.getByRole("button", { name: "Show or attach the army list" }).click();
  await expect(panel.getByText("No list attached.")).toBeVisible();
  await panel.getByLabel("Or paste the list as text").fill("Name: Border patrol\nFaction: Empire\n* General of the Empire - 100 pts\n20x State Troops (halberds) - 9000 pts\n");
  await panel.getByRole("button", { name: "Attach the list" }).click();
  const check = panel.getByTestId("roster-check");
  await expect(check).toContainText("Exceeds the caps");
  await expect(check).toHaveAttribute("data-fits", "false");
  await expectAccessible(page, "army list");
  await panel.getByRole("button", { name: "Detach the list" }).click();
  await expect(panel.getByText("No list attached.")).toBeVisible();
});
