// The web client's message catalogs (issue 44): src/locales/<lang>.po, gettext PO files like the
// server's (app/platform/i18n/locales/fr/*.po), read with Lingui's PO reader. Each entry's msgid
// is the message's key (what `t(key)` names) and its msgstr the text in ICU MessageFormat
// (`{name}` placeholders, `{count, plural, one {# seat} other {# seats}}`), compiled with
// Lingui's compiler. Shared by the Vite plugin (vite.config.ts), scripts/i18n.ts and the tests.
import { parsePoFile } from "@lingui/format-po";
import { compileMessageOrThrow, type CompiledMessage } from "@lingui/message-utils/compileMessage";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

export const LANGS = ["en", "fr"] as const;
export const LOCALES_DIR = new URL("../src/locales/", import.meta.url);
export const KEYS_FILE = new URL("keys.ts", LOCALES_DIR);

export interface Entry {
  key: string;
  text: string;
}

/** The entries of a PO catalog, in the file's order (the header entry left out). */
export function parseCatalog(source: string): Entry[] {
  return parsePoFile(source)
    .items.filter((item) => item.msgid !== "" && !item.obsolete)
    .map((item) => ({ key: item.msgid, text: item.msgstr[0] ?? "" }));
}

export function readCatalog(lang: string): Entry[] {
  return parseCatalog(readFileSync(new URL(`${lang}.po`, LOCALES_DIR), "utf8"));
}

/** Every message compiled for Lingui's runtime; a message ICU cannot parse throws, naming it. */
export function compileCatalog(entries: readonly Entry[]): Record<string, CompiledMessage> {
  const messages: Record<string, CompiledMessage> = {};
  for (const { key, text } of entries) {
    try {
      messages[key] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`message ${key}: ${(error as Error).message}`);
    }
  }
  return messages;
}

/** The generated src/locales/keys.ts: the English catalog's keys as a type, for tsc. */
export function keysModule(entries: readonly Entry[]): string {
  const keys = entries.map(({ key }) => `  | ${JSON.stringify(key)}`).join("\n");
  return (
    "// Generated from src/locales/en.po by `node scripts/i18n.ts keys`: do not edit (a test checks it).\n" +
    "/** Every message's key: tsc refuses a `t(key)` whose key the English catalog lacks. */\n" +
    `export type Key =\n${keys};\n`
  );
}

/** A string as a PO quoted string. */
export function poString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t")}"`;
}

/** One catalog entry as PO text (with its translator comments), ending with a blank line. */
export function poEntry(key: string, text: string, comments: readonly string[] = []): string {
  return `${comments.map((c) => `# ${c}\n`).join("")}msgid ${poString(key)}\nmsgstr ${poString(text)}\n\n`;
}

/** A plain text as an ICU message: an apostrophe before a brace is doubled (else it quotes). */
export function icuText(text: string): string {
  return text.replace(/'(?=[{}])/g, "''");
}

/** `import { messages } from "./locales/en.po"`: the catalog compiled at build (and test) time. */
export function poCatalogs(): Plugin {
  return {
    name: "marchlords-po-catalogs",
    load(id) {
      const path = id.split("?")[0] ?? id;
      if (!path.endsWith(".po")) return null;
      this.addWatchFile(path);
      const messages = compileCatalog(parseCatalog(readFileSync(path, "utf8")));
      return { code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`, moduleType: "js", map: null };
    },
  };
}
