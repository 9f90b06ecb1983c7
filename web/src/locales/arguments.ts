// What a compiled message (Lingui's form of an ICU message: text, and `[name, type?, choices?]`
// tokens) asks for: shared by src/i18n.tsx, scripts/catalog.ts and the catalogs' tests.
import type { CompiledMessage, CompiledMessageToken } from "@lingui/message-utils/compileMessage";

export type { CompiledMessage };

const CHOOSING = new Set(["plural", "select", "selectordinal"]);

/** The branches of a plural or select token: choice (`one`, `other`, `=0`…) → message. */
function branches(token: Exclude<CompiledMessageToken, string>): [string, CompiledMessage][] {
  const [, type, format] = token;
  if (!type || !CHOOSING.has(type) || !format || typeof format !== "object") return [];
  return Object.entries(format as Record<string, unknown>).filter((e): e is [string, CompiledMessage] => e[0] !== "offset" && Array.isArray(e[1]));
}

/** The arguments a message takes: name → its kind ("" for a plain `{name}`, "plural"…). */
export function argumentsOf(message: CompiledMessage, into = new Map<string, string>()): Map<string, string> {
  for (const token of message) {
    if (typeof token === "string") continue;
    if (!into.get(token[0])) into.set(token[0], token[1] ?? "");
    for (const [, branch] of branches(token)) argumentsOf(branch, into);
  }
  return into;
}

/** The choices of each plural or select argument of a message, sorted. */
export function choicesOf(message: CompiledMessage): Map<string, string[]> {
  const choices = new Map<string, string[]>();
  for (const token of message) {
    if (typeof token === "string") continue;
    const found = branches(token).map(([choice]) => choice);
    if (found.length > 0) choices.set(token[0], found.sort());
  }
  return choices;
}
