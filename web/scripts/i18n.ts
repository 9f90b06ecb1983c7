// The message catalogs' chores (issue 44), run from web/ with `node scripts/i18n.ts COMMAND`:
//   keys               regenerate src/locales/keys.ts (the `Key` type) from src/locales/en.po;
//   add KEY EN FR      add one message in both languages;
//   import FILE...     move `key: "text",` lines into the catalogs: the `const en = {…}` and
//                      `const fr = {…}` objects of an old-style src/i18n.tsx (a branch made before
//                      the catalogs), or blocks headed by a `// en` and a `// fr` line.
// A key already in a catalog with the same text (or retired: RETIRED) is skipped; with another text it is reported and
// left as it is. A text is made an ICU message (an apostrophe before a brace doubled); a "(s)"
// is reported, to be written as a plural by hand (docs/contributors/web-client.md).
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { icuText, KEYS_FILE, keysModule, LANGS, LOCALES_DIR, poEntry, readCatalog } from "./catalog.ts";

type Lang = (typeof LANGS)[number];

/** Keys the old dictionaries had and the code no longer uses: an import does not bring them back. */
const RETIRED = new Set(["resetView", "build", "pendingBattle"]);
interface NewEntry {
  key: string;
  text: string;
  comments: string[];
}

function writeKeys(): void {
  writeFileSync(KEYS_FILE, keysModule(readCatalog("en")));
}

/** The `key: "text"` lines of each language in an old-style dictionary (or `// en`/`// fr` blocks). */
function parseDictionary(source: string): Record<Lang, NewEntry[]> {
  const found: Record<Lang, NewEntry[]> = { en: [], fr: [] };
  let lang: Lang | null = null;
  let comments: string[] = [];
  source.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    const opening = /^(?:export\s+)?const\s+(en|fr)\b[^=]*=\s*\{$/.exec(line) ?? /^\/\/\s*(en|fr)\s*$/.exec(line);
    if (opening) {
      lang = opening[1] as Lang;
      comments = [];
      return;
    }
    if (lang === null) return;
    if (/^}/.test(line)) {
      lang = null;
      return;
    }
    if (line === "") return;
    const comment = /^\/\/\s?(.*)$/.exec(line);
    if (comment) {
      comments.push(comment[1] ?? "");
      return;
    }
    const pair = /^(\w+):\s*("(?:[^"\\]|\\.)*"),?$/.exec(line);
    if (!pair) throw new Error(`line ${index + 1}: not a \`key: "text",\` line: ${line}`);
    const text = JSON.parse((pair[2] ?? '""').replace(/\\'/g, "'")) as string;
    found[lang].push({ key: pair[1] ?? "", text: icuText(text), comments });
    comments = [];
  });
  return found;
}

/** Appends the entries a catalog lacks; returns what it said about the others. */
function addEntries(lang: Lang, entries: readonly NewEntry[]): string[] {
  const known = new Map(readCatalog(lang).map((e) => [e.key, e.text]));
  const notes: string[] = [];
  let text = "";
  for (const entry of entries) {
    if (RETIRED.has(entry.key)) continue;
    const before = known.get(entry.key);
    if (before === entry.text) continue;
    if (before !== undefined) {
      // The catalog's plural is newer than a "(s)" text of the old dictionary: nothing to say.
      if (before.includes(", plural,") && !entry.text.includes(", plural,")) continue;
      notes.push(`${lang}.po: ${entry.key} kept as ${JSON.stringify(before)}, not ${JSON.stringify(entry.text)}`);
      continue;
    }
    if (/\(s\)/.test(entry.text)) notes.push(`${lang}.po: ${entry.key} counts with "(s)": write it as a plural`);
    text += poEntry(entry.key, entry.text, entry.comments);
    known.set(entry.key, entry.text);
  }
  if (text) appendFileSync(new URL(`${lang}.po`, LOCALES_DIR), text);
  return notes;
}

function main(args: readonly string[]): number {
  const [command, ...rest] = args;
  if (command === "keys" && rest.length === 0) {
    writeKeys();
    return 0;
  }
  let notes: string[];
  if (command === "add" && rest.length === 3) {
    const [key = "", en = "", fr = ""] = rest;
    if (!/^\w+$/.test(key)) throw new Error(`a key is letters, digits and _: ${key}`);
    notes = [...addEntries("en", [{ key, text: en, comments: [] }]), ...addEntries("fr", [{ key, text: fr, comments: [] }])];
  } else if (command === "import" && rest.length > 0) {
    notes = [];
    for (const file of rest) {
      const found = parseDictionary(readFileSync(file, "utf8"));
      notes.push(...addEntries("en", found.en), ...addEntries("fr", found.fr));
    }
  } else {
    console.error('usage: node scripts/i18n.ts keys | add KEY "English" "Français" | import FILE...');
    return 2;
  }
  writeKeys();
  const en = new Set(readCatalog("en").map((e) => e.key));
  const fr = new Set(readCatalog("fr").map((e) => e.key));
  for (const key of en) if (!fr.has(key)) notes.push(`fr.po lacks ${key}`);
  for (const key of fr) if (!en.has(key)) notes.push(`en.po lacks ${key}`);
  for (const note of notes) console.log(note);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
