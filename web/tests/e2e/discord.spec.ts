// Discord in the settings (issue 46 §3): "Link Discord" shows the command with its one-time code
// and expiry, in English and French, on a desktop and a phone; the code is one the server made.
import { expect, type Locator, test } from "@playwright/test";
import { apiGet, expectAccessible, signUp, tokenOf, uniqueName } from "./helpers.ts";

/** Nothing of the Discord card is wider than the viewport (a phone's 375 px); the other cards
 * of the page are their own screens' business. */
async function expectCardFits(card: Locator): Promise<void> {
  const wide = await card.evaluate((root) =>
    [root, ...root.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => e.tagName),
  );
  expect(wide).toEqual([]);
}

for (const size of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 740 },
]) {
  test(`Link Discord shows the code to type, in English and French (${size.name})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUp(page, uniqueName("discord"));
    const region = page.getByRole("region", { name: "Discord" });
    await expect(region.getByTestId("discord-state")).toHaveText("No Discord account is linked.");
    await region.getByRole("button", { name: "Link Discord" }).click();
    const command = region.getByTestId("discord-command");
    await expect(command).toHaveText(/^\/marchlords link code:[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await expect(region).toContainText("works once, until");
    const state = await apiGet<{ linked: boolean }>(page.request, await tokenOf(page), "/v1/users/me/discord");
    expect(state.linked).toBe(false);
    await expectAccessible(page, "discord settings");
    await expectCardFits(region);
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: testInfo.outputPath(`discord-en-${size.name}.png`) });

    await page.getByRole("combobox", { name: "Language" }).first().selectOption("fr");
    const french = page.getByRole("region", { name: "Discord" });
    await expect(french.getByTestId("discord-state")).toHaveText("Aucun compte Discord n'est lié.");
    await french.getByRole("button", { name: "Lier Discord" }).click();
    await expect(french).toContainText("valable une fois, jusqu'à");
    await expectCardFits(french);
    await french.screenshot({ path: testInfo.outputPath(`discord-fr-${size.name}.png`) });
  });
}
