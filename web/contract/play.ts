// Issue 26 item 6: a small program that plays against a live server with the typed client
// generated from the committed contract (openapi-typescript + openapi-fetch), compiled by
// `tsc --strict` (web/tsconfig.json) and run by Node (type stripping) from scripts/test_web:
// register, create, join, start, read the map, move, ready, resolve, and a typed event from
// the stream. Usage: MARCHLORDS_BASE_URL=http://127.0.0.1:8000 node contract/play.ts
import { createApi, ok, type Api, type Schemas } from "../src/api/client.ts";
import { followEvents, type CampaignEvent } from "../src/api/events.ts";
import { neighbours, type Coord } from "../src/lib/hex.ts";

const baseUrl = process.env["MARCHLORDS_BASE_URL"] ?? "http://127.0.0.1:8000";

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`contract check failed: ${message}`);
}

interface Player {
  api: Api;
  token: string;
  name: string;
}

async function register(label: string): Promise<Player> {
  let token: string | null = null;
  const api = createApi(baseUrl, () => token);
  const name = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = "contract-pass-1234";
  const user: Schemas["UserRead"] = ok(
    await api.POST("/v1/users", { body: { username: name, password, display_name: name } }),
  );
  check(user.username === name, "the user is registered under its name");
  const grant: Schemas["AccessToken"] = ok(
    await api.POST("/v1/auth/token", {
      body: { grant_type: "password", username: name, password, scope: "" },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
  token = grant.access_token;
  return { api, token, name };
}

async function main(): Promise<void> {
  const owner = await register("tsowner");
  const guest = await register("tsguest");

  const maps = ok(await owner.api.GET("/v1/maps", {}));
  const skirmish = maps.items.find((m) => m.builtin_key === "skirmish");
  check(skirmish !== undefined, "the built-in skirmish map is listed");
  const campaign = ok(
    await owner.api.POST("/v1/campaigns", { body: { name: "TypeScript contract", map_id: skirmish.id } }),
  );
  check(campaign.status === "lobby" && campaign.invite_code !== null, "a new campaign waits in its lobby");
  const path = { campaign_id: campaign.id };

  const factions = ["empire", "orcs_goblins"] as const;
  for (const [slot, player] of [owner, guest].entries()) {
    ok(await player.api.POST("/v1/campaigns/{campaign_id}/players", { params: { path }, body: { invite_code: campaign.invite_code } }));
    ok(await player.api.PATCH("/v1/campaigns/{campaign_id}/players/me", { params: { path }, body: { faction: factions[slot], slot } }));
  }
  const started = ok(await owner.api.POST("/v1/campaigns/{campaign_id}/start", { params: { path } }));
  check(started.status === "active" && started.turn === 1, "the campaign starts at turn 1");

  const world: Schemas["WorldMap"] = ok(await owner.api.GET("/v1/campaigns/{campaign_id}/map", { params: { path } }));
  check(world.tiles.length === world.width * world.height, "the map has one tile per hex");
  const visible = world.tiles.filter((t) => t.fog === "visible").length;
  check(visible > 0 && visible < world.tiles.length, "the map is under fog");

  const armies = ok(await owner.api.GET("/v1/campaigns/{campaign_id}/armies", { params: { path } }));
  const army = armies.mine[0];
  check(army !== undefined, "the owner has an army");
  const reachable = ok(
    await owner.api.GET("/v1/campaigns/{campaign_id}/armies/{army_id}/reachable", {
      params: { path: { ...path, army_id: army.id } },
    }),
  );
  const grid = { width: world.width, height: world.height, wrap: world.wrap };
  const step = neighbours(grid, [army.q, army.r]).find((n: Coord) =>
    reachable.some((t) => t.q === n[0] && t.r === n[1]),
  );
  check(step !== undefined, "a neighbouring tile is reachable");
  const move = ok(
    await owner.api.PUT("/v1/campaigns/{campaign_id}/armies/{army_id}/move", {
      params: { path: { ...path, army_id: army.id } },
      body: { path: [[step[0], step[1]]] },
    }),
  );
  check(move.kind === "move" && move.used > 0, "the move order is accepted with its cost");

  // Follow the owner's stream before the turn changes; the typed kind proves the contract.
  const controller = new AbortController();
  const seen: CampaignEvent[] = [];
  const turnChanged = new Promise<CampaignEvent>((resolve) => {
    void followEvents(
      {
        baseUrl,
        campaignId: campaign.id,
        token: owner.token,
        onEvent: (event) => {
          seen.push(event);
          if (event.kind === "turn_changed") resolve(event);
        },
      },
      controller.signal,
    );
  });
  await new Promise((resolve) => setTimeout(resolve, 300)); // the stream is open

  for (const player of [owner, guest]) {
    const turn = ok(await player.api.PUT("/v1/campaigns/{campaign_id}/turn/ready", { params: { path } }));
    check(turn.number === 1, "ready in turn 1");
  }
  const resolved = ok(await owner.api.POST("/v1/campaigns/{campaign_id}/turn/resolve", { params: { path } }));
  check(resolved.number === 2, "the owner's resolve changes the turn");

  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("no turn_changed event within 10 s")), 10_000),
  );
  const event = await Promise.race([turnChanged, timeout]);
  controller.abort();
  check(event.id.length > 0, "the event has an id to resume from");

  const after = ok(await owner.api.GET("/v1/campaigns/{campaign_id}/armies", { params: { path } }));
  const moved = after.mine.find((a) => a.id === army.id);
  check(moved !== undefined && moved.q === step[0] && moved.r === step[1], "the army moved");
  console.log(
    `contract: played turn 1 of ${campaign.id} (${seen.length} events, ${event.kind} ${JSON.stringify(event.data)})`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
