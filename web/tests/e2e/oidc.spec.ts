// Signing in with another provider through the page, against a real OpenID Connect provider
// (oidc-provider-mock, started by scripts/_web.sh): the button, the provider's form, the new
// account's username, signing out and back in, and the identity in Settings.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectNoOverflow, uniqueName } from "./helpers.ts";

async function screenshots(page: Page, name: string, checkOverflow = true): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `test-results/oidc-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 667 });
  // The Settings page holds other screens' cards (tables): only this feature's pages are checked.
  if (checkOverflow) await expectNoOverflow(page);
  await page.screenshot({ path: `test-results/oidc-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** At the provider's page: sign in as `sub`; back at the client's `/oidc` page. */
async function atProvider(page: Page, sub: string): Promise<void> {
  await page.getByPlaceholder("sub").fill(sub);
  await page.getByRole("button", { name: "Authorize" }).click();
  await page.waitForURL(/\/oidc$|\/$/);
}

test("a new player signs up with a provider, signs out and back in, and sees it in Settings", async ({ page }) => {
  const name = uniqueName("oidc");
  await page.goto("/");
  const button = page.getByRole("link", { name: "Sign in with Mock ID" });
  await expect(button).toBeVisible();
  await screenshots(page, "sign-in-en");
  await button.click();
  await atProvider(page, `${name}@example.org`);

  // A new identity names its account.
  await expect(page.getByText("Choose the username of your new account")).toBeVisible();
  expect(page.url()).not.toContain("ticket=");
  await screenshots(page, "choose-username-en");
  await page.getByLabel("Username").fill(name);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();

  const identities = page.getByRole("region", { name: "Sign-in with other accounts" });
  await expect(identities).toContainText(`${name}@example.org`);
  // No password: its only identity cannot be unlinked.
  await expect(identities.getByRole("button", { name: "Unlink" })).toBeDisabled();
  await identities.scrollIntoViewIfNeeded();
  await expectAccessible(page, "identities");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("link", { name: "Sign in with Mock ID" }).click();
  await atProvider(page, `${name}@example.org`);
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();
  await expect(page.getByTestId("user")).toHaveText(name);

  // The same screens in French.
  await page.getByRole("combobox", { name: "Language" }).first().selectOption("fr");
  await expect(page.getByRole("region", { name: "Connexion avec d’autres comptes" })).toBeVisible();
  await page.getByRole("region", { name: "Connexion avec d’autres comptes" }).scrollIntoViewIfNeeded();
  await screenshots(page, "settings-fr", false);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("link", { name: "Se connecter avec Mock ID" })).toBeVisible();
  await screenshots(page, "sign-in-fr");
});
