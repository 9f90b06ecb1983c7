// The seat names the server gives when it may not give a person's ("Joueur C": a bot's seat
// nobody holds, any seat under anonymity) come said in the reader's language already: the
// client shows every name as the server sends it, a person's too.
import { describe, expect, it } from "vitest";
import { translate } from "../../src/i18n.tsx";
import { wordsFor } from "../../src/lib/sentences.ts";

describe("seat names", () => {
  it("names seats in the turn's sentences as the server does, the reader's own marked", () => {
    const t = (key: "you" | "player") => translate("fr", key);
    const words = wordsFor("fr", t as never, [
      { number: 1, name: "Olga", is_you: true },
      { number: 3, name: "Player C" }, // a person called so: never translated
      { number: 4, name: "Joueur D" },
    ]);
    expect([words.player(1), words.player(3), words.player(4)]).toEqual(["Olga (vous)", "Player C", "Joueur D"]);
  });
});
