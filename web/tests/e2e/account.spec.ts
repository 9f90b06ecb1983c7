// An account's life through the page: an email address confirmed by the link the server mails
// (the SMTP sink of scripts/_web.sh), a forgotten password reset from the emailed link
// (/reset-password?token=…), and a campaign created on a map uploaded as a file.
import { expect, test } from "@playwright/test";
import type { components } from "../../src/api/schema.d.ts";
import { apiGet, expectAccessible, linkIn, PASSWORD, signUp, tokenOf, uniqueName, waitForMail } from "./helpers.ts";

type S = components["schemas"];
const BASE = process.env["MARCHLORDS_BASE_URL"] ?? "http://127.0.0.1:8000";

test("a forgotten password is reset from the emailed link, and only the new one signs in", async ({ page }) => {
  const name = uniqueName("forgetful");
  const address = `${name}@example.org`;
  await signUp(page, name);
  const oldToken = await tokenOf(page);

  // The address is set on the campaigns page and confirmed by the mailed link's page.
  const email = page.getByRole("region", { name: "Email address" });
  await email.getByRole("button", { name: "Show or change my address" }).click();
  await email.getByLabel("Email address to use").fill(address);
  await email.getByRole("button", { name: "Save" }).click();
  await expect(email.getByRole("status")).toContainText("confirmation link");
  const confirmation = await waitForMail(address, /confirm/i);
  await page.goto(linkIn(confirmation, `${BASE}/v1/email/confirm/`));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Address confirmed")).toBeVisible();
  await page.goto("/");
  await page.getByRole("button", { name: "Show or change my address" }).click();
  await expect(page.getByTestId("email-current")).toContainText("confirmed");

  // Signed out, the player asks for a reset link.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email address").fill(address);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If this is the confirmed address");
  await expectAccessible(page, "forgot password");

  // The emailed link opens the client's page with the token filled in.
  const reset = await waitForMail(address, /reset/i);
  const link = linkIn(reset, `${BASE}/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await expect(page.getByLabel("Reset token (from the email)")).toHaveValue(new URL(link).searchParams.get("token") ?? "");
  await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
  await expectAccessible(page, "reset password");
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed");

  // Every older token is revoked; the old password no longer signs in, the new one does.
  const revoked = await page.request.get("/v1/users/me", { headers: { Authorization: `Bearer ${oldToken}` } });
  expect(revoked.status()).toBe(401);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.getByLabel("Password").fill("a brand new secret");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();

  // The link is single use: a second visit is refused with the server's problem.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("yet another secret");
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByRole("alert")).toContainText("400");
});

test("a campaign is created on a map uploaded as a file; a broken file is refused, the form kept", async ({ page }) => {
  const name = uniqueName("cartographer");
  await signUp(page, name);
  const token = await tokenOf(page);
  const maps = await apiGet<S["MapPage"]>(page.request, token, "/v1/maps?limit=100");
  const skirmish = maps.items.find((m) => m.builtin_key === "skirmish");
  expect(skirmish).toBeTruthy();
  const mapName = uniqueName("Home vale ");
  const full = await apiGet<S["MapRead"]>(page.request, token, `/v1/maps/${skirmish?.id}`);
  const document: Record<string, unknown> = { ...(full.document as Record<string, unknown>), name: mapName };
  const slots = Array.isArray(document["slots"]) ? (document["slots"] as unknown[]) : [];

  const create = page.getByRole("region", { name: "Create a campaign" });
  await create.getByLabel("Name", { exact: true }).fill("Uploaded");
  await create.getByRole("radio", { name: "Uploaded map" }).check();
  // A map the server refuses (one slot, R-MAP): its problem, the campaign's name kept.
  await create.getByLabel(/Map file/).setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ ...document, slots: slots.slice(0, 1) })),
  });
  await expect(create.getByText("broken.json")).toBeVisible();
  await create.getByRole("button", { name: "Create", exact: true }).click();
  await expect(create.getByRole("alert")).toContainText("422");
  await expect(create.getByLabel("Name", { exact: true })).toHaveValue("Uploaded");
  await expectAccessible(page, "map upload");

  await create.getByLabel(/Map file/).setInputFiles({ name: "home-vale.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(document)) });
  await create.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Lobby: Uploaded/ })).toBeVisible();
  const campaignId = (await page.getByTestId("campaign-id").textContent()) ?? "";
  const campaign = await apiGet<S["CampaignRead"]>(page.request, token, `/v1/campaigns/${campaignId}`);
  const map = await apiGet<S["MapRead"]>(page.request, token, `/v1/maps/${campaign.map_id}`);
  expect(map.name).toBe(mapName);
  expect(map.builtin_key).toBeNull();
  expect([map.width, map.height, map.slots]).toEqual([skirmish?.width, skirmish?.height, skirmish?.slots]);
  await expect(page.getByTestId("lobby-map")).toContainText(`${mapName} (${map.width}×${map.height})`);
});
