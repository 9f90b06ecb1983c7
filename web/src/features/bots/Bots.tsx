// Bots on seats (R-BOT), for the owner: a bot on an empty lobby seat (one, or every empty seat
// at once), on a seat in civil disorder, changed or taken off; and the mark a bot's seat wears
// wherever seats are listed (difficulty and personality only when the server sends them: the
// owner's).
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiError, type Schemas } from "../../api/client.ts";
import { fill, useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { ProblemView } from "../../components/ProblemView.tsx";
import { putSeatBot, useRefreshCampaign, useSeatBot } from "./api.ts";

type Difficulty = Schemas["Difficulty"];
type Personality = Schemas["Personality"];
const DIFFICULTIES: readonly Difficulty[] = ["easy", "normal"];
const PERSONALITIES: readonly Personality[] = ["builder", "raider", "turtle"];

/** The free lobby seats a bot may take: the seat numbers nobody holds (up to `seats`), the
 * factions and the start slots nobody took. */
export function freeSeats(
  players: readonly Pick<Schemas["PlayerRead"], "number" | "faction" | "slot">[],
  seats: number,
  factions: readonly string[],
  slots: number,
): { numbers: number[]; factions: string[]; slots: number[] } {
  const numbers = new Set(players.map((p) => p.number));
  const room = Math.max(0, seats - players.length);
  const free: number[] = [];
  for (let n = 1; free.length < room && n <= seats; n++) if (!numbers.has(n)) free.push(n);
  const taken = new Set(players.map((p) => p.faction));
  const slotsTaken = new Set(players.map((p) => p.slot));
  return {
    numbers: free,
    factions: factions.filter((f) => !taken.has(f)),
    slots: Array.from({ length: slots }, (_, i) => i).filter((i) => !slotsTaken.has(i)),
  };
}

/** "bot", or "bot (normal, raider)" when the server says which (the owner's view). */
export function BotMark({ bot }: { bot: Schemas["SeatBotRead"] | null | undefined }) {
  const { t } = useI18n();
  if (!bot) return null;
  const detail = [bot.difficulty ? t(`botDifficulty_${bot.difficulty}` as "botDifficulty_easy") : null, bot.personality ? t(`botPersonality_${bot.personality}` as "botPersonality_raider") : null].filter((d) => d !== null);
  return (
    <span className="bot-mark" data-testid="bot-mark">
      {t("botMark")}
      {detail.length ? ` (${detail.join(", ")})` : ""}
    </span>
  );
}

/** The difficulty and personality selects, shared by every bot form. */
function BotChoice({ seat, difficulty, personality, onDifficulty, onPersonality }: { seat?: number; difficulty: Difficulty; personality: Personality; onDifficulty: (d: Difficulty) => void; onPersonality: (p: Personality) => void }) {
  const { t } = useI18n();
  // A seat's own selects say its number: several seats' forms share a page.
  const of = seat === undefined ? "" : ` #${seat}`;
  const id = useId();
  return (
    <span className="bot-choice">
      <span>
        <label htmlFor={`${id}-d`}>
          {t("botDifficulty")}
          {of}
        </label>{" "}
        <select id={`${id}-d`} value={difficulty} onChange={(e) => onDifficulty(e.target.value as Difficulty)}>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(`botDifficulty_${d}`)}
            </option>
          ))}
        </select>
      </span>
      <span>
        <label htmlFor={`${id}-p`}>
          {t("botPersonality")}
          {of}
        </label>{" "}
        <select id={`${id}-p`} value={personality} onChange={(e) => onPersonality(e.target.value as Personality)}>
          {PERSONALITIES.map((p) => (
            <option key={p} value={p}>
              {t(`botPersonality_${p}`)}
            </option>
          ))}
        </select>
      </span>
    </span>
  );
}

/** A refusal about the faction or the slot (R-CAMP-2: taken; R-CAMP-3: Dark Elves away from a
 * coast slot…): try another. */
function choiceRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.problem.code === "R-CAMP-2" || error.problem.code === "R-CAMP-3");
}

/** The owner's lobby: a bot on one new seat (faction and slot chosen), or on every empty seat. */
export function LobbyBots({ campaign, players, seats, factions, slots }: { campaign: Schemas["CampaignRead"]; players: readonly Schemas["PlayerRead"][]; seats: number; factions: readonly { key: string; name: string }[]; slots: number }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [difficulty, setDifficulty] = useState<Difficulty>("normal");
  const [personality, setPersonality] = useState<Personality>("builder");
  const [faction, setFaction] = useState("");
  const [slot, setSlot] = useState("");
  const [progress, setProgress] = useState<string | null>(null);
  const free = freeSeats(players, seats, factions.map((f) => f.key), slots);
  const put = (number: number, f: string, s: number) => putSeatBot(api, campaign.id, number, { difficulty, personality, faction: f, slot: s });
  const refresh = useRefreshCampaign(campaign.id);
  const one = useMutation({
    mutationFn: async () => {
      const number = free.numbers[0];
      if (number === undefined) return;
      await put(number, faction, Number(slot));
    },
    onSuccess: async () => {
      setFaction("");
      setSlot("");
      await refresh();
    },
  });
  // One request per seat, in turn; a faction and slot the rules refuse together is tried with
  // the next free slot, then the next faction.
  const all = useMutation({
    mutationFn: async () => {
      const factionsLeft = [...free.factions];
      const slotsLeft = [...free.slots];
      const placed: { number: number; faction: string; slot: number }[] = [];
      const tryPut = async (number: number, f: string, s: number) => {
        try {
          await put(number, f, s);
          return true;
        } catch (error) {
          if (choiceRefused(error)) return false;
          throw error;
        }
      };
      const seat = async (number: number): Promise<boolean> => {
        for (const f of factionsLeft) {
          for (const s of slotsLeft) {
            if (!(await tryPut(number, f, s))) continue;
            factionsLeft.splice(factionsLeft.indexOf(f), 1);
            slotsLeft.splice(slotsLeft.indexOf(s), 1);
            placed.push({ number, faction: f, slot: s });
            return true;
          }
        }
        return false;
      };
      // No free faction takes any free slot (the Dark Elves, the coast slots gone, R-CAMP-3):
      // a bot seated here before takes that faction on its own slot, and its faction, free
      // again, is tried here.
      const swap = async (number: number): Promise<boolean> => {
        for (const f of factionsLeft) {
          for (const b of placed) {
            if (!(await tryPut(b.number, f, b.slot))) continue;
            factionsLeft.splice(factionsLeft.indexOf(f), 1, b.faction);
            b.faction = f;
            return seat(number);
          }
        }
        return false;
      };
      let done = 0;
      for (const number of free.numbers) {
        if (!(await seat(number)) && !(await swap(number))) break;
        done += 1;
        setProgress(t("botsSeated", { done, count: free.numbers.length }));
      }
      return done;
    },
    onSettled: refresh,
  });
  const count = Math.min(free.numbers.length, free.factions.length, free.slots.length);
  return (
    <section className="card" aria-labelledby="lobby-bots-title" data-testid="lobby-bots">
      <h2 id="lobby-bots-title">{t("botsTitle")}</h2>
      <p className="muted">{t("botsHint")}</p>
      {free.numbers.length > 0 ? (
        <>
          <p>
            <BotChoice difficulty={difficulty} personality={personality} onDifficulty={setDifficulty} onPersonality={setPersonality} />
          </p>
          <p>
            <button type="button" className="primary" onClick={() => all.mutate()} disabled={all.isPending || count === 0}>
              {t("fillWithBots", { count })}
            </button>
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              one.mutate();
            }}
          >
            <label>
              {t("botFaction")}
              <select required value={faction} onChange={(e) => setFaction(e.target.value)}>
                <option value="">—</option>
                {factions
                  .filter((f) => free.factions.includes(f.key))
                  .map((f) => (
                    <option key={f.key} value={f.key}>
                      {f.name}
                    </option>
                  ))}
              </select>
            </label>
            <label>
              {t("botSlot")}
              <select required value={slot} onChange={(e) => setSlot(e.target.value)}>
                <option value="">—</option>
                {free.slots.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={one.isPending}>
              {t("putBotOnNewSeat")}
            </button>
          </form>
        </>
      ) : (
        <p className="muted">{t("noEmptySeat")}</p>
      )}
      <p role="status" data-testid="bots-progress">
        {all.isPending || all.isSuccess ? progress : ""}
      </p>
      <ProblemView error={all.error} />
      {players.some((p) => p.bot) ? (
        <ul className="list" data-testid="lobby-bot-seats">
          {players
            .filter((p) => p.bot)
            .map((p) => (
              <li key={p.number}>
                {p.number}. {p.name}
                <BotMark bot={p.bot} />
                <SeatBotControls campaign={campaign} player={p} />
              </li>
            ))}
        </ul>
      ) : null}
      <ProblemView error={one.error} />
    </section>
  );
}

/** The owner's buttons on one seat: a bot on it (a lobby bot's seat, a seat in civil disorder
 * or a bot's seat once running), changed, or taken off. */
export function SeatBotControls({ campaign, player }: { campaign: Schemas["CampaignRead"]; player: Schemas["PlayerRead"] }) {
  const { t } = useI18n();
  const [difficulty, setDifficulty] = useState<Difficulty>((player.bot?.difficulty as Difficulty | null | undefined) ?? "normal");
  const [personality, setPersonality] = useState<Personality>((player.bot?.personality as Personality | null | undefined) ?? "builder");
  const { put, remove } = useSeatBot(campaign.id, player.number);
  if (!campaign.is_owner || !(player.bot || player.civil_disorder)) return null;
  const id = `seat-bot-${player.number}`;
  return (
    <div className="inline-form" data-testid={id}>
      <BotChoice seat={player.number} difficulty={difficulty} personality={personality} onDifficulty={setDifficulty} onPersonality={setPersonality} />
      <button type="button" onClick={() => put.mutate({ difficulty, personality })} disabled={put.isPending}>
        {fill(player.bot ? t("changeBot") : t("putBot"), { n: player.number })}
      </button>
      {player.bot ? (
        <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {fill(t("removeBot"), { n: player.number })}
        </button>
      ) : null}
      <ProblemView error={put.error ?? remove.error} />
    </div>
  );
}
