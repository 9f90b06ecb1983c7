// The message catalogs (src/locales/*.po, issue 44): every English message has its French, with
// the same placeholders and its plural forms; the `Key` type is the English catalog's; every
// message is used by the code, and a counted one is always given its count.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS_FILE, keysModule, readCatalog } from "../../scripts/catalog.ts";
import { translate } from "../../src/i18n.tsx";
import { argumentsOf, choicesOf, type CompiledMessage } from "../../src/locales/arguments.ts";
import { messages as en } from "../../src/locales/en.po";
import { messages as fr } from "../../src/locales/fr.po";

const SRC = new URL("../../src/", import.meta.url).pathname;

/** The client's code (the catalogs and the API's generated types left out). */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith("locales") ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const code = sources().map((path) => readFileSync(path, "utf8"));
const args = (message: CompiledMessage | undefined) => Object.fromEntries(argumentsOf(message ?? []));
const counted = Object.keys(en).filter((key) => Object.values(args(en[key])).includes("plural"));

/** The signs of a French text missing their non-breaking space (outside URLs, times, code). */
function frenchSpaceFaults(text: string): string[] {
  const plain = text.replace(/`[^`]*`|\?\w+=\S*|\b[a-z][a-z0-9+.-]*:\/\/\S*|\d:\d/g, (kept) => "x".repeat(kept.length));
  const faults: string[] = [];
  for (const [i, sign] of [...plain].entries()) {
    const before = plain[i - 1];
    const after = plain[i + 1];
    const spaced = (c: string | undefined) => c === "\u00a0" || c === "\u202f";
    if (/[:;?!»]/.test(sign) && before !== undefined && !/[:;?!]/.test(before) && !spaced(before)) faults.push(sign);
    else if (sign === "«" && !spaced(after)) faults.push(sign);
  }
  return faults;
}

describe("the message catalogs", () => {
  it("has a French message for every English one, and none that English lacks", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it("leaves no French message empty", () => {
    expect(readCatalog("fr").filter((e) => e.text.trim() === "").map((e) => e.key)).toEqual([]);
  });

  it("gives French the same placeholders as English", () => {
    // By name: which one a language inflects is its own (French counts the bots seated).
    const names = (message: CompiledMessage | undefined) => Object.keys(args(message)).sort().join(" ");
    const differ = Object.keys(en).filter((key) => names(fr[key]) !== names(en[key]));
    expect(differ).toEqual([]);
  });

  it("says every counted message in its plural forms in both languages", () => {
    expect(counted.length).toBeGreaterThan(0);
    for (const key of counted) {
      for (const [lang, catalog] of [["en", en], ["fr", fr]] as const) {
        for (const [name, choices] of choicesOf(catalog[key] ?? [])) {
          expect(choices, `${lang} ${key} {${name}}`).toEqual(expect.arrayContaining(["one", "other"]));
        }
      }
    }
  });

  it("reads every {name} of a text as a placeholder (no apostrophe quotes one away)", () => {
    for (const lang of ["en", "fr"] as const) {
      const catalog = lang === "en" ? en : fr;
      for (const { key, text } of readCatalog(lang)) {
        const named = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
        expect(Object.keys(args(catalog[key])), `${lang} ${key}`).toEqual(expect.arrayContaining(named));
      }
    }
  });

  it("puts French's non-breaking space before : ; ? ! » and after « (never a plain or no space)", () => {
    // U+00A0, or the narrow U+202F; left alone: a URL, a query (?player=N), a time (20:00), code
    // in backticks, a sign after another (?!). scripts/french_spaces.py puts them in.
    expect(frenchSpaceFaults("Échéance : {when}")).toEqual([":"]);
    expect(frenchSpaceFaults("Échéance: {when} ; « prêt »")).toEqual([":", ";", "«", "»"]);
    expect(frenchSpaceFaults("À 20:00 sur https://x.example/a?b=c, avec ?player=N ou `code:<c>` ?!")).toEqual(["?"]);
    expect(frenchSpaceFaults("Échéance\u00a0: {count, plural, one {# jour} other {# jours}}\u202f; «\u00a0prêt\u00a0»\u202f!")).toEqual([]);
    const faults = readCatalog("fr").flatMap(({ key, text }) => frenchSpaceFaults(text).map((sign) => `${key}: ${sign}`));
    expect(faults).toEqual([]);
  });

  it("counts in the reader's language", () => {
    expect(translate("en", "turnsLate", { n: 1 })).toBe("1 turn late");
    expect(translate("en", "turnsLate", { n: 2 })).toBe("2 turns late");
    expect(translate("fr", "turnsLate", { n: 0 })).toBe("0 tour de retard");
    expect(translate("fr", "turnsLate", { n: 3 })).toBe("3 tours de retard");
    expect(translate("en", "botsSeated", { done: 1, count: 3 })).toBe("1 of 3 bots seated");
    expect(translate("fr", "botsSeated", { done: 1, count: 3 })).toBe("1 bot installé sur 3");
  });

  it("keeps {name} for fill() when a message is asked for without its params", () => {
    expect(translate("en", "putBot")).toBe("Put a bot on seat {n}");
    expect(translate("en", "invitationText", { name: "Hills", link: "L", id: 7, code: "C" })).toBe(
      "Join my Marchlords campaign 'Hills': L (campaign id 7, invite code C)",
    );
  });

  it("puts a name in as its text: no escape decoded, no message syntax read in it", () => {
    // A display name or campaign name is printable text the server accepts as it is.
    for (const name of ["Evil\\u202Eevil", "nul\\x00", "{n}", "{count, plural, one {x} other {y}}", "'{name}'", "#"]) {
      expect(translate("en", "oidcLinkWith", { name })).toBe(`Link ${name}`);
      expect(translate("fr", "mapPreview", { name, width: 3, height: 4 })).toBe(`Aperçu de la carte ${name} (3×4), places de départ numérotées`);
    }
    expect(translate("en", "botsSeated", { done: "\\u0041", count: 2 })).toBe("\\u0041 of 2 bots seated");
  });

  it("types the keys from the English catalog (keys.ts is current; tsc refuses an unknown key)", () => {
    expect(readFileSync(KEYS_FILE, "utf8"), "run `node scripts/i18n.ts keys` in web/").toBe(keysModule(readCatalog("en")));
    // @ts-expect-error: a key the English catalog lacks does not compile.
    expect(translate("en", "noSuchMessage")).toBe("noSuchMessage");
  });

  it("uses every message in the code", () => {
    const literals = new Set(code.flatMap((text) => [...text.matchAll(/["'`](\w+)["'`]/g)].map((m) => m[1])));
    const prefixes = code.flatMap((text) => [...text.matchAll(/`(\w+_)\$\{/g)].map((m) => m[1] ?? ""));
    const unused = Object.keys(en).filter((key) => !literals.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
    expect(unused).toEqual([]);
  });

  it("gives a counted message its count wherever the code asks for it", () => {
    const bare = counted.filter((key) => code.some((text) => new RegExp(`["'\`]${key}["'\`](?!,\\s*\\{)`).test(text)));
    expect(bare).toEqual([]);
  });
});
