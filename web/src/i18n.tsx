// The UI's words in English and French: messages of the catalogs src/locales/<lang>.po (gettext
// PO like the server's, ICU MessageFormat texts with `{name}` placeholders and plurals), compiled
// at build time (scripts/catalog.ts) and formatted by Lingui's runtime; the language from the
// browser or the switch, kept in localStorage. `Key` is generated from the English catalog, so
// tsc refuses a key it lacks; tests/unit/catalogs.test.ts checks French has every message.
import { setupI18n, type I18n as Lingui } from "@lingui/core";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { argumentsOf } from "./locales/arguments.ts";
import { messages as en } from "./locales/en.po";
import { messages as fr } from "./locales/fr.po";
import type { Key } from "./locales/keys.ts";

export type { Key };
const catalogs = { en, fr } as const;
export type Lang = keyof typeof catalogs;
export type Params = Readonly<Record<string, string | number>>;

const linguis: Record<Lang, Lingui> = {
  en: setupI18n({ locale: "en", messages: { en } }),
  fr: setupI18n({ locale: "fr", messages: { fr } }),
};

/** Where a placeholder's value goes while Lingui formats: its index between NULs (no catalog
 * text has a NUL, and no `\u`/`\x` escape matches one). */
// eslint-disable-next-line no-control-regex -- the NUL is the marker, chosen as no text has one
const SLOT = /\u0000(\d+)\u0000/g;

/** A message in a language (English where French lacks it). A value is put in as text after
 * Lingui formats the message, since Lingui decodes `\uXXXX` and `\xXX` in its output: a name
 * written `\u202E` would reach the page as a bidi override, which the server refuses in names.
 * Only counts and selectors go through Lingui. A placeholder without its value stays `{name}`,
 * for `fill` (a counted message needs its params: its plural depends on them). */
export function translate(lang: Lang, key: Key, params?: Params): string {
  const found = catalogs[lang][key] !== undefined ? lang : "en";
  const message = catalogs[found][key];
  if (message === undefined) return key;
  const values: Record<string, string | number> = {};
  const texts: string[] = [];
  for (const [name, kind] of argumentsOf(message)) {
    const value = params?.[name];
    if (kind !== "") {
      if (value !== undefined) values[name] = value;
      continue;
    }
    texts.push(value === undefined ? `{${name}}` : String(value));
    values[name] = `\u0000${texts.length - 1}\u0000`;
  }
  return linguis[found]._(key, values).replace(SLOT, (_, index: string) => texts[Number(index)] ?? "");
}

/** A text with its `{name}` placeholders filled (prefer `t(key, params)`, which also counts). */
export function fill(text: string, params: Params): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** An error of the client's own said to the player in their language (by ProblemView). */
export class MessageError extends Error {
  readonly key: Key;
  constructor(key: Key) {
    super(translate("en", key));
    this.key = key;
  }
}

/** A text followed by a colon, with the space French typography puts before it. */
export function labelOf(lang: Lang, text: string): string {
  return lang === "fr" ? `${text}\u00a0:` : `${text}:`;
}

export function pickLanguage(stored: string | null, browser: readonly string[]): Lang {
  if (stored === "en" || stored === "fr") return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "fr" || base === "en") return base;
  }
  return "en";
}

interface I18n {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: (key: Key, params?: Params) => string;
  /** `t(key)` as a label before its value: "Deadline:", "Échéance :" (a no-break space in French). */
  label: (key: Key, params?: Params) => string;
}

const Context = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(() =>
    pickLanguage(localStorage.getItem("marchlords.lang"), navigator.languages ?? [navigator.language]),
  );
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang: (next) => {
        localStorage.setItem("marchlords.lang", next);
        document.documentElement.lang = next;
        setLangState(next);
      },
      t: (key, params) => translate(lang, key, params),
      label: (key, params) => labelOf(lang, translate(lang, key, params)),
    }),
    [lang],
  );
  // The page's language for screen readers and hyphenation, once the language is known.
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(Context);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}
