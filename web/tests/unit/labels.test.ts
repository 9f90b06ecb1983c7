// A translated text followed by a colon is a label (issue 44, French typography): French puts a
// no-break space before the colon ("Échéance : …"), English none ("Deadline: …"). A colon
// glued to `t(…)` in a component would print "Échéance: …" to a French reader.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { labelOf, translate } from "../../src/i18n.tsx";

const SRC = new URL("../../src/", import.meta.url).pathname;

function sources(dir: string = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

describe("labels", () => {
  it("puts the colon as each language writes it", () => {
    expect(labelOf("fr", translate("fr", "deadline"))).toBe("Échéance\u00a0:");
    expect(labelOf("en", translate("en", "deadline"))).toBe("Deadline:");
  });

  it("are never a colon written after t(…) in a component", () => {
    const glued = /\$?\{t\([^{}]*\)\}:/;
    const faults = sources().filter((path) => glued.test(readFileSync(path, "utf8")));
    expect(faults).toEqual([]);
  });
});
