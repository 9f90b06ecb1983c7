// The seat names the server gives in English when it may not give a person's ("Player C": a
// bot's seat nobody holds, any seat under anonymity), said in the reader's language (bots49);
// a person's name is never touched, even one that looks like another seat's.
import { describe, expect, it } from "vitest";
import { anonymousName, seatName } from "../../src/lib/seatNames.ts";
import { translate } from "../../src/i18n.tsx";
import { wordsFor } from "../../src/lib/sentences.ts";

const fr = (key: "anonymousPlayer") => translate("fr", key);
const en = (key: "anonymousPlayer") => translate("en", key);

describe("seat names", () => {
  it("names seats as the server does: Player A for seat 1, Q for seat 17", () => {
    expect([anonymousName(1), anonymousName(3), anonymousName(17)]).toEqual(["Player A", "Player C", "Player Q"]);
  });

  it("says the server's Player C in French, and leaves people's names alone", () => {
    expect(seatName({ number: 3, name: "Player C" }, fr)).toBe("Joueur C");
    expect(seatName({ number: 3, name: "Player C" }, en)).toBe("Player C");
    expect(seatName({ number: 2, name: "Player C" }, fr)).toBe("Player C"); // a person called so
    expect(seatName({ number: 3, name: "Olga" }, fr)).toBe("Olga");
  });

  it("names a bot's seat in French in the turn's sentences too", () => {
    const t = (key: "you" | "player" | "anonymousPlayer") => translate("fr", key);
    const words = wordsFor("fr", t as never, [
      { number: 1, name: "Olga", is_you: true },
      { number: 4, name: "Player D" },
    ]);
    expect([words.player(1), words.player(4)]).toEqual(["Olga (vous)", "Joueur D"]);
  });
});
