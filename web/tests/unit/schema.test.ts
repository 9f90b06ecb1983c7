// The committed types are what openapi-typescript makes of the committed contract: a stale
// src/api/schema.d.ts fails here (run scripts/openapi and commit it).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { expect, it } from "vitest";

const contract = new URL("../../../openapi/openapi.json", import.meta.url);
const committed = new URL("../../src/api/schema.d.ts", import.meta.url);

it("src/api/schema.d.ts is generated from openapi/openapi.json", async () => {
  const fresh = astToString(await openapiTS(contract));
  const stored = readFileSync(fileURLToPath(committed), "utf8");
  // The CLI adds a header comment; compare the generated declarations.
  expect(stored.endsWith(fresh) || stored.includes(fresh.trim())).toBe(true);
}, 60_000);
