// Takes docs/web-client.png (the README's screenshot) of a real game page: a campaign on the
// built-in skirmish map played to a pending battle, the owner's army selected with its
// reachable tiles and a planned path. Usage (against a running scripts/serve):
//   MARCHLORDS_BASE_URL=http://127.0.0.1:8000 node scripts/screenshot.ts ../docs/web-client.png
import { chromium } from "@playwright/test";
import { createApi, ok, type Api } from "../src/api/client.ts";

const baseUrl = process.env["MARCHLORDS_BASE_URL"] ?? "http://127.0.0.1:8000";
const out = process.argv[2] ?? "../docs/web-client.png";

async function user(label: string): Promise<{ api: Api; token: string }> {
  let token: string | null = null;
  const api = createApi(baseUrl, () => token);
  const username = `${label}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = "screenshot-pass-1234";
  ok(await api.POST("/v1/users", { body: { username, password, display_name: label } }));
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

async function main(): Promise<void> {
  const players = [await user("Aldric"), await user("Grukk"), await user("Thora")];
  const owner = players[0]!;
  const skirmish = ok(await owner.api.GET("/v1/maps", {})).items.find((m) => m.builtin_key === "skirmish");
  const campaign = ok(await owner.api.POST("/v1/campaigns", { body: { name: "Border war", map_id: skirmish?.id ?? "" } }));
  const path = { campaign_id: campaign.id };
  const factions = ["empire", "orcs_goblins", "dwarfs"];
  for (const [slot, p] of players.entries()) {
    ok(await p.api.POST("/v1/campaigns/{campaign_id}/players", { params: { path }, body: { invite_code: campaign.invite_code ?? "" } }));
    ok(await p.api.PATCH("/v1/campaigns/{campaign_id}/players/me", { params: { path }, body: { faction: factions[slot] ?? null, slot } }));
  }
  ok(await owner.api.POST("/v1/campaigns/{campaign_id}/start", { params: { path } }));
  const moves: [number, number][][] = [[[3, 1], [4, 1]], [[6, 1], [5, 1]], [[-1, 3]]];
  for (const [i, p] of players.entries()) {
    const army = ok(await p.api.GET("/v1/campaigns/{campaign_id}/armies", { params: { path } })).mine[0]!;
    ok(await p.api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/move", { params: { path: { ...path, army_id: army.id } }, body: { path: moves[i]! } }));
    ok(await p.api.PUT("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } }));
  }
  ok(await owner.api.POST("/v1/campaigns/{campaign_id}/turn/resolve", { params: { path } }));
  const army = ok(await owner.api.GET("/v1/campaigns/{campaign_id}/armies", { params: { path } })).mine[0]!;

  const browser = await chromium.launch({
    executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, locale: "en-GB" });
  await page.addInitScript((token) => localStorage.setItem("marchlords.token", token), owner.token);
  await page.goto(`${baseUrl}/campaigns/${campaign.id}`);
  await page.getByRole("button", { name: `Select to move #${army.id}` }).click();
  await page.locator("[data-reach]").first().waitFor();
  await page.locator("[data-reach] use").last().click({ force: true });
  await page.locator("polyline.path").waitFor({ state: "attached" });
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  await browser.close();
  console.log(`wrote ${out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
