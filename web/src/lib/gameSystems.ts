// The names of the built-in game systems (R-SYS), as the default ruleset names them: lists of
// lobbies and the substitute form show names, the API gives keys. A key the client does not know
// (a system a campaign's ruleset added) is shown as it is.
const NAMES: Readonly<Record<string, string>> = {
  old_world: "Warhammer: The Old World",
  ninth_age: "The 9th Age",
  whfb8: "Warhammer Fantasy Battle 8th edition",
  kings_of_war: "Kings of War",
};

/** The name to show for a game system's key; `custom` is named in the reader's language. */
export function gameSystemName(key: string, customName: string): string {
  return key === "custom" ? customName : (NAMES[key] ?? key);
}
