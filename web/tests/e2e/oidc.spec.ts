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

test("a player signed up with a provider sets a first password in Settings and signs in with it", async ({ page }) => {
  const name = uniqueName("oidcpw");
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in with Mock ID" }).click();
  await atProvider(page, `${name}@example.org`);
  await page.getByLabel("Username").fill(name);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();

  const identities = page.getByRole("region", { name: "Sign-in with other accounts" });
  const form = identities.getByRole("form", { name: "Set the password" });
  await expect(form).toContainText("You sign in with another account only");
  await form.scrollIntoViewIfNeeded();
  await screenshots(page, "first-password-en", false);
  await form.getByLabel("New password").fill("a first password");
  await form.getByRole("button", { name: "Set the password" }).click();
  await expect(identities.getByRole("status")).toContainText("Password set");
  // No longer the only way in: the identity may be unlinked, and the form is gone.
  await expect(identities.getByRole("button", { name: "Unlink" })).toBeEnabled();
  await expect(form).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("a first password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user")).toHaveText(name);
});

test("a refused sign-in lands on the client's page saying why, in English and French", async ({ page }) => {
  // A forged return from the provider: the server sends the browser to the client, not JSON.
  await page.goto("/v1/auth/oidc/mock/callback?state=forged-state&code=forged-code");
  await page.waitForURL(/\/oidc$/);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("This sign-in expired, was already used, or was started in another browser");
  await expect(alert.getByRole("link", { name: "Back to sign in" })).toBeVisible();
  await expectAccessible(page, "oidc refused");
  await screenshots(page, "refused-en");

  await page.getByRole("combobox", { name: "Language" }).first().selectOption("fr");
  await page.goto("/v1/auth/oidc/mock/callback?state=forged-state&code=forged-code");
  await page.waitForURL(/\/oidc$/);
  await expect(page.getByRole("alert")).toContainText("Cette connexion a expiré");
  await screenshots(page, "refused-fr");
});
