// A seat's name as the reader's language says it (bots49): the server names a seat it may not
// name otherwise — a bot's seat nobody holds, any seat under anonymity (R-CAMP-5, R-BOT) —
// "Player A", "Player B"… by its number, in English; here that name is said in the reader's
// words ("Joueur B"). Any other name is a person's, shown as it is.

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The server's name for seat `number` when it hides or has no holder's name. */
export function anonymousName(number: number): string {
  return `Player ${LETTERS[(((number - 1) % 26) + 26) % 26]}`;
}

/** The seat's name in the reader's words: the server's "Player C" translated, else as it is. */
export function seatName(player: { number: number; name: string }, t: (key: "anonymousPlayer") => string): string {
  if (player.name !== anonymousName(player.number)) return player.name;
  return t("anonymousPlayer").replace("{letter}", player.name.slice("Player ".length));
}
