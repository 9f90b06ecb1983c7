// The game's events told as sentences in the reader's language (issue 44): a turn's summary, the
// history and the live events. One table per language from every kind of the contract's
// `EventKind` union to a function of that kind's typed data (`SummaryEvent` lines, discriminated
// on `kind`, and the stream's `<Kind>Payload`s); `satisfies Sentences` makes tsc refuse a kind
// a table forgets, so a new kind on the server cannot reach a player as a raw key or as JSON.
// Where the server already said a text (a `reason` of the data, said in the reader's language
// on a read), the sentence uses it.
import type { components } from "../api/schema.d.ts";
import { translate, type Key, type Lang } from "../i18n.tsx";

type S = components["schemas"];
export type SummaryEvent = S["SummaryEvent"];
export type EventKind = S["EventKind"];
type SummaryKind = SummaryEvent["kind"];

/** What the stream's `data:` holds for the kinds that are not summary lines (the contract's
 * `ServerSentEvent` names each payload). */
interface LivePayloads {
  treaty_broken: S["TreatyBrokenPayload"];
  edict_received: S["EdictReceivedPayload"];
  edict_answered: S["EdictAnsweredPayload"];
  message_received: S["MessageReceivedPayload"];
  player_ready: S["PlayerReadyPayload"];
  turn_changed: S["TurnChangedPayload"];
  turn_forced: S["TurnForcedPayload"];
  turn_rolled_back: S["TurnPayload"];
  battle_declared: S["BattleDeclaredPayload"];
  battle_reported: S["BattleReportedPayload"];
  battle_rejected: S["BattleRejectedPayload"];
  battle_confirmed: S["BattleClosedPayload"];
  battle_abandoned: S["BattleClosedPayload"];
  player_status: S["PlayerStatusPayload"];
  webhook_disabled: S["WebhookDisabledPayload"];
  campaign_paused: S["TurnPayload"];
  campaign_resumed: S["DeadlinesPayload"];
  deadline_extended: S["DeadlinesPayload"];
  deadline_near: S["DeadlineNearPayload"];
  battle_date_proposed: S["BattleDateProposedPayload"];
  battle_date_agreed: S["BattleDateAgreedPayload"];
  battle_report_edited: S["BattleReportEditedPayload"];
  seat_offered: S["SeatOfferedPayload"];
  seat_handed_over: S["SeatTurnPayload"];
  seat_offer_declined: S["SeatOfferDeclinedPayload"];
  owner_became_game_master: S["SeatTurnPayload"];
  seat_stewarded: S["SeatMissedPayload"];
  civil_disorder: S["SeatMissedPayload"];
  civil_disorder_ended: S["SeatTurnPayload"];
  vacation_started: S["VacationPayload"];
  vacation_ended: S["VacationPayload"];
  turn_change_scheduled: S["TurnChangeScheduledPayload"];
  turn_change_called_off: S["TurnPayload"];
}

// Every kind is a summary line or has a live payload above (else this does not compile).
type Untyped = Exclude<EventKind, SummaryKind | keyof LivePayloads>;
export const EVERY_KIND_TYPED: [Untyped] extends [never] ? true : Untyped = true;

/** The data of an event of kind K (a summary line's, or the stream's payload). */
export type EventData<K extends EventKind> = K extends keyof LivePayloads
  ? LivePayloads[K]
  : K extends SummaryKind
    ? Extract<SummaryEvent, { kind: K }>["data"]
    : never;

/** What a sentence may use: the reader's words, how to name a seat, a tile, a date. */
export interface Words {
  lang: Lang;
  t: (key: Key) => string;
  /** A seat by number: its name as the API gives it ("Player 3" when unknown). */
  player: (seat: number) => string;
}

type Sentence<K extends EventKind> = (data: EventData<K>, w: Words) => string;
/** A sentence for every kind of the contract (a Record over `EventKind`, typed per kind). */
export type Sentences = { [K in EventKind]: Sentence<K> };

const at = (c: readonly number[] | null | undefined) => (c && c.length >= 2 ? `(${c[0]}, ${c[1]})` : "?");
const army = (id: number | null | undefined) => `#${id ?? "?"}`;
const when = (iso: string | null | undefined, lang: Lang) =>
  iso ? new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "—";
const outcomeWord = (o: S["Outcome"] | null | undefined, w: Words) => (o ? w.t(o) : "—");
const battleWord = (k: S["BattleKind"], w: Words) => w.t(`battle_${k}`);
const buildWord = (k: S["BuildKind"], w: Words) => w.t(`build_${k}`).toLowerCase();
const treatyWord = (k: S["TreatyKind"] | S["EdictKind"], w: Words) => w.t(`edict_${k}`).toLowerCase();
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
/** `n` and the noun in the form the language's plural rule picks ("1 draw", "0 match nul"). */
const count = (lang: Lang, n: number, one: string, other: string) =>
  `${n} ${new Intl.PluralRules(lang).select(n) === "one" ? one : other}`;

/** Why an army stopped, from the server's reason code (`pact`, `sea`), in words. */
const haltEn: Record<string, string> = { pact: "a pact partner's land lies ahead", sea: "there was no ship to cross the sea" };
const haltFr: Record<string, string> = { pact: "la terre d'un allié du pacte est devant elle", sea: "aucun navire ne pouvait traverser la mer" };

export const EN = {
  army_moved: (d) => `Army ${army(d.army_id)} moved.`,
  path_cut: (d) => `Army ${army(d.army_id)} went ${d.kept} of its ${d.ordered} steps.`,
  halted: (d) => `Army ${army(d.army_id)} stopped: ${haltEn[d.reason] ?? "its way was blocked"}.`,
  embarked: (d) => `Army ${army(d.army_id)} boarded ship #${d.ship_id}.`,
  disembarked: (d) => `Army ${army(d.army_id)} landed from ship #${d.ship_id}.`,
  ship_destroyed: (d) => (d.army_id !== null && d.army_id !== undefined ? `Ship #${d.ship_id} was sunk by army ${army(d.army_id)}.` : `Ship #${d.ship_id} was lost.`),
  storm_rose: (d) => `A storm rose at sea on turn ${d.turn}.`,
  encounter: (d, w) => `Armies met: a ${battleWord(d.kind, w)} (battle #${d.battle_id}) is to be played.`,
  battle_resolved: (d, w) =>
    `Battle #${d.battle_id} (${battleWord(d.battle_kind, w)}): ${outcomeWord(d.outcome, w)}; the attacker lost ${d.attacker_losses_pct} %, the defender ${d.defender_losses_pct} %.`,
  battle_cancelled: (d) => `Battle #${d.battle_id} was cancelled.`,
  stake_won: (d, w) => `${w.player(d.winner)} won ${d.amount} gold from ${w.player(d.loser)} in battle #${d.battle_id}.`,
  pillage_won: (d, w) => `${w.player(d.winner)} pillaged ${d.amount} gold from ${w.player(d.loser)} in battle #${d.battle_id}.`,
  stake_taken: (d) => `${d.taken} of the ${d.owed} gold owed for battle #${d.battle_id} were taken.`,
  victory_counted: (d, w) => `${w.player(d.player)} counts ${count("en", d.victories, "victory", "victories")}.`,
  army_advanced: (d) => `Army ${army(d.army_id)} advanced from ${at(d.from_coord)} to ${at(d.to_coord)}.`,
  army_retreated: (d) => `Army ${army(d.army_id)} retreated from ${at(d.from_coord)} to ${at(d.to_coord)}.`,
  army_destroyed: (d, w) => `Army ${army(d.army_id)} of ${w.player(d.owner)} was destroyed.`,
  army_tier_lost: (d) => `Army ${army(d.army_id)} lost a tier (now tier ${d.tier}).`,
  army_seat_lost: (d) => `Army ${army(d.army_id)} was disbanded: its seat is gone.`,
  general_captured: (d, w) => `General #${d.general_id} of army ${army(d.army_id)} was captured by ${w.player(d.held_by)}.`,
  general_freed: (d) => `General #${d.general_id} was freed.`,
  structure_captured: (d, w) => `${w.player(d.to_player)} captured structure #${d.structure_id} from ${w.player(d.from_player)}.`,
  structure_abandoned: (d, w) => `${w.player(d.from_player)} abandoned structure #${d.structure_id} to ${w.player(d.to_player)}.`,
  structure_destroyed: (d, w) => `Structure #${d.structure_id} of ${w.player(d.owner)} was destroyed.`,
  city_level_lost: (d) => `City #${d.structure_id} lost a level (now level ${d.level}).`,
  capital_repulsed: (d) => `Capital #${d.structure_id} drove the attackers back.`,
  city_besieged: (d) => `Army ${army(d.army_id)} besieges city #${d.structure_id} (${count("en", d.draws, "draw", "draws")} so far).`,
  siege_continues: (d) => `The siege goes on (battle #${d.battle_id}, ${count("en", d.siege_draws, "draw", "draws")}).`,
  siege_lifted: (d) => `The siege of city #${d.structure_id} was lifted.`,
  city_founded: (d, w) => `${w.player(d.player)} founded a city.`,
  port_built: (d, w) => `${w.player(d.player)} built a port.`,
  outpost_built: (d, w) => `${w.player(d.player)} built an outpost.`,
  city_upgraded: (d, w) => `${w.player(d.player)} upgraded a city.`,
  build_cancelled: (d, w) => `The order to ${buildWord(d.kind, w)} at ${at(d.coord)} was cancelled (${d.reason}); ${d.refund} gold refunded.`,
  army_raised: (d) => `Army ${army(d.army_id)} was raised in city #${d.city_id}.`,
  army_upgraded: (d) => `Army ${army(d.army_id)} was upgraded to tier ${d.tier}.`,
  raise_cancelled: (d) => `An army could not be raised: ${d.reason}.`,
  upgrade_cancelled: (d) => `Army ${army(d.army_id)} could not be upgraded: ${d.reason}.`,
  insolvent: (d) => `The treasury could not pay the upkeep: ${d.paid} of ${d.upkeep} gold paid.`,
  treaty_began: (d, w) => `A treaty began: ${treatyWord(d.kind, w)} (#${d.treaty_id}).`,
  treaty_ended: (d, w) => `A treaty ended: ${treatyWord(d.kind, w)} (#${d.treaty_id}).`,
  trade_route_lost: (d) => `Trade route #${d.treaty_id} was lost.`,
  edict_expired: (d, w) => `Edict #${d.edict_id} (${treatyWord(d.kind, w)}) expired unanswered.`,
  explored: (d) => `Exploration (edict #${d.edict_id}) revealed new lands.`,
  army_withdrew: (d) => `Army ${army(d.army_id)} withdrew from ${at(d.from)} to ${at(d.to)}.`,
  gold: (d) => `${signed(d.amount)} gold: ${d.reason}.`,
  standing_order: (d, w) =>
    d.given
      ? `Standing order carried out: ${w.t(`standing_${d.order}`)}${d.army_id !== null ? ` (army ${army(d.army_id)})` : ""}, ${d.cost} gold.`
      : `Standing order not carried out: ${w.t(`standing_${d.order}`)}${d.reason ? ` (${d.reason})` : ""}.`,
  treaty_broken: (d, w) =>
    `${w.player(d.by)} broke the ${treatyWord(d.kind, w)} (#${d.treaty_id})${d.ends_turn !== null ? `; it ends on turn ${d.ends_turn}` : ""}.`,
  edict_received: (d, w) => `${w.player(d.sender)} sent you an edict: ${treatyWord(d.kind, w)} (#${d.edict_id}).`,
  edict_answered: (d, w) => `Edict #${d.edict_id} (${treatyWord(d.kind, w)}) was ${w.t(`edictStatus_${d.status}`)}.`,
  message_received: (d, w) => (d.to_all ? `${w.player(d.sender)} wrote to everyone.` : `${w.player(d.sender)} wrote to you.`),
  player_ready: (d, w) => (d.ready ? `${w.player(d.player)} is ready.` : `${w.player(d.player)} is no longer ready.`),
  turn_changed: (d) => (d.status === "finished" ? `The campaign is over (turn ${d.turn}).` : `Turn ${d.turn} has begun.`),
  turn_forced: (d, w) =>
    `The game master changed the turn: turn ${d.turn} has begun${d.late.length ? ` (not ready: ${d.late.map((n) => w.player(n)).join(", ")})` : ""}.`,
  turn_rolled_back: (d) => `The game master rolled the campaign back to turn ${d.turn}.`,
  battle_declared: (d, w) => `A ${battleWord(d.kind, w)} was declared (battle #${d.battle_id}).`,
  battle_reported: (d, w) => `${w.player(d.reported_by)} reported the result of battle #${d.battle_id}.`,
  battle_rejected: (d) => `The report of battle #${d.battle_id} was rejected${d.reason ? `: ${d.reason}` : ""}.`,
  battle_confirmed: (d, w) => `Battle #${d.battle_id} is confirmed: ${outcomeWord(d.outcome, w)}.`,
  battle_abandoned: (d) => `Battle #${d.battle_id} was abandoned.`,
  player_status: (d, w) => (d.inactive ? `${w.player(d.player)} is now inactive.` : `${w.player(d.player)} is active again.`),
  webhook_disabled: (d) => `A webhook was disabled${d.reason ? `: ${d.reason}` : ""}.`,
  campaign_paused: (d) => `The campaign is paused (turn ${d.turn}).`,
  campaign_resumed: (d, w) => `The campaign goes on (turn ${d.turn}; deadline ${when(d.deadline_at, w.lang)}).`,
  deadline_extended: (d, w) => `The deadline of turn ${d.turn} was moved to ${when(d.deadline_at, w.lang)}.`,
  deadline_near: (d, w) => `The deadline of turn ${d.turn} is near: ${when(d.deadline_at, w.lang)}.`,
  battle_date_proposed: (d, w) => `The ${w.t(d.side).toLowerCase()} proposed to play battle #${d.battle_id} on ${when(d.date, w.lang)}.`,
  battle_date_agreed: (d, w) => `Battle #${d.battle_id} will be played on ${when(d.date, w.lang)}.`,
  battle_report_edited: (d, w) => `${w.player(d.reported_by)} edited the report of battle #${d.battle_id}.`,
  seat_offered: (d, w) => (d.offered ? `${w.player(d.player)} offers their seat.` : `${w.player(d.player)} no longer offers their seat.`),
  seat_handed_over: (d, w) => `The seat of ${w.player(d.player)} changed hands (turn ${d.turn}).`,
  seat_offer_declined: (d, w) => `The seat offer of ${w.player(d.player)} was declined${d.seat_removed ? "; the empty seat was removed" : ""}.`,
  owner_became_game_master: (d, w) => `The owner handed their seat (${w.player(d.player)}) over and is now game master only.`,
  seat_stewarded: (d, w) => `${w.player(d.player)} missed ${count("en", d.missed_in_row, "deadline", "deadlines")} in a row: a steward holds the seat.`,
  civil_disorder: (d, w) => `${w.player(d.player)} missed ${count("en", d.missed_in_row, "deadline", "deadlines")} in a row: the realm is in civil disorder.`,
  civil_disorder_ended: (d, w) => `${w.player(d.player)} is back: civil disorder has ended.`,
  vacation_started: (d, w) => `${w.player(d.player)} is on vacation until ${when(d.until, w.lang)}.`,
  vacation_ended: (d, w) => `${w.player(d.player)} is back from vacation.`,
  turn_change_scheduled: (d, w) => `Everyone is ready: turn ${d.turn} changes at ${when(d.due_at, w.lang)} unless someone withdraws.`,
  turn_change_called_off: (d) => `The change of turn ${d.turn} was called off.`,
} satisfies Sentences;

export const FR = {
  army_moved: (d) => `L'armée ${army(d.army_id)} s'est déplacée.`,
  path_cut: (d) => `L'armée ${army(d.army_id)} a fait ${d.kept} de ses ${d.ordered} pas.`,
  halted: (d) => `L'armée ${army(d.army_id)} s'est arrêtée : ${haltFr[d.reason] ?? "son chemin était barré"}.`,
  embarked: (d) => `L'armée ${army(d.army_id)} a embarqué sur le navire #${d.ship_id}.`,
  disembarked: (d) => `L'armée ${army(d.army_id)} a débarqué du navire #${d.ship_id}.`,
  ship_destroyed: (d) => (d.army_id !== null && d.army_id !== undefined ? `Le navire #${d.ship_id} a été coulé par l'armée ${army(d.army_id)}.` : `Le navire #${d.ship_id} a été perdu.`),
  storm_rose: (d) => `Une tempête s'est levée en mer au tour ${d.turn}.`,
  encounter: (d, w) => `Des armées se sont rencontrées : une ${battleWord(d.kind, w)} (bataille #${d.battle_id}) est à jouer.`,
  battle_resolved: (d, w) =>
    `Bataille #${d.battle_id} (${battleWord(d.battle_kind, w)}) : ${outcomeWord(d.outcome, w)} ; l'attaquant a perdu ${d.attacker_losses_pct} %, le défenseur ${d.defender_losses_pct} %.`,
  battle_cancelled: (d) => `La bataille #${d.battle_id} a été annulée.`,
  stake_won: (d, w) => `${w.player(d.winner)} a gagné ${d.amount} pièces d'or sur ${w.player(d.loser)} à la bataille #${d.battle_id}.`,
  pillage_won: (d, w) => `${w.player(d.winner)} a pillé ${d.amount} pièces d'or à ${w.player(d.loser)} à la bataille #${d.battle_id}.`,
  stake_taken: (d) => `${d.taken} des ${d.owed} pièces d'or dues pour la bataille #${d.battle_id} ont été prises.`,
  victory_counted: (d, w) => `${w.player(d.player)} compte ${count("fr", d.victories, "victoire", "victoires")}.`,
  army_advanced: (d) => `L'armée ${army(d.army_id)} a avancé de ${at(d.from_coord)} à ${at(d.to_coord)}.`,
  army_retreated: (d) => `L'armée ${army(d.army_id)} a reculé de ${at(d.from_coord)} à ${at(d.to_coord)}.`,
  army_destroyed: (d, w) => `L'armée ${army(d.army_id)} de ${w.player(d.owner)} a été détruite.`,
  army_tier_lost: (d) => `L'armée ${army(d.army_id)} a perdu un rang (rang ${d.tier} désormais).`,
  army_seat_lost: (d) => `L'armée ${army(d.army_id)} a été dissoute : sa place n'existe plus.`,
  general_captured: (d, w) => `Le général #${d.general_id} de l'armée ${army(d.army_id)} a été capturé par ${w.player(d.held_by)}.`,
  general_freed: (d) => `Le général #${d.general_id} a été libéré.`,
  structure_captured: (d, w) => `${w.player(d.to_player)} a pris la construction #${d.structure_id} à ${w.player(d.from_player)}.`,
  structure_abandoned: (d, w) => `${w.player(d.from_player)} a abandonné la construction #${d.structure_id} à ${w.player(d.to_player)}.`,
  structure_destroyed: (d, w) => `La construction #${d.structure_id} de ${w.player(d.owner)} a été détruite.`,
  city_level_lost: (d) => `La ville #${d.structure_id} a perdu un niveau (niveau ${d.level} désormais).`,
  capital_repulsed: (d) => `La capitale #${d.structure_id} a repoussé les assaillants.`,
  city_besieged: (d) => `L'armée ${army(d.army_id)} assiège la ville #${d.structure_id} (${count("fr", d.draws, "match nul", "matchs nuls")} jusqu'ici).`,
  siege_continues: (d) => `Le siège continue (bataille #${d.battle_id}, ${count("fr", d.siege_draws, "match nul", "matchs nuls")}).`,
  siege_lifted: (d) => `Le siège de la ville #${d.structure_id} a été levé.`,
  city_founded: (d, w) => `${w.player(d.player)} a fondé une ville.`,
  port_built: (d, w) => `${w.player(d.player)} a construit un port.`,
  outpost_built: (d, w) => `${w.player(d.player)} a construit un avant-poste.`,
  city_upgraded: (d, w) => `${w.player(d.player)} a agrandi une ville.`,
  build_cancelled: (d, w) => `L'ordre « ${buildWord(d.kind, w)} » en ${at(d.coord)} a été annulé (${d.reason}) ; ${d.refund} pièces d'or remboursées.`,
  army_raised: (d) => `L'armée ${army(d.army_id)} a été levée dans la ville #${d.city_id}.`,
  army_upgraded: (d) => `L'armée ${army(d.army_id)} est passée au rang ${d.tier}.`,
  raise_cancelled: (d) => `Une armée n'a pas pu être levée : ${d.reason}.`,
  upgrade_cancelled: (d) => `L'armée ${army(d.army_id)} n'a pas pu être renforcée : ${d.reason}.`,
  insolvent: (d) => `Le trésor n'a pas pu payer l'entretien : ${d.paid} sur ${d.upkeep} pièces d'or payées.`,
  treaty_began: (d, w) => `Un traité a commencé : ${treatyWord(d.kind, w)} (#${d.treaty_id}).`,
  treaty_ended: (d, w) => `Un traité a pris fin : ${treatyWord(d.kind, w)} (#${d.treaty_id}).`,
  trade_route_lost: (d) => `La route commerciale #${d.treaty_id} a été perdue.`,
  edict_expired: (d, w) => `L'édit #${d.edict_id} (${treatyWord(d.kind, w)}) a expiré sans réponse.`,
  explored: (d) => `L'exploration (édit #${d.edict_id}) a révélé de nouvelles terres.`,
  army_withdrew: (d) => `L'armée ${army(d.army_id)} s'est retirée de ${at(d.from)} à ${at(d.to)}.`,
  gold: (d) => `${signed(d.amount)} pièces d'or : ${d.reason}.`,
  standing_order: (d, w) =>
    d.given
      ? `Ordre permanent exécuté : ${w.t(`standing_${d.order}`)}${d.army_id !== null ? ` (armée ${army(d.army_id)})` : ""}, ${d.cost} pièces d'or.`
      : `Ordre permanent non exécuté : ${w.t(`standing_${d.order}`)}${d.reason ? ` (${d.reason})` : ""}.`,
  treaty_broken: (d, w) =>
    `${w.player(d.by)} a rompu le traité : ${treatyWord(d.kind, w)} (#${d.treaty_id})${d.ends_turn !== null ? ` ; il prend fin au tour ${d.ends_turn}` : ""}.`,
  edict_received: (d, w) => `${w.player(d.sender)} vous a envoyé un édit : ${treatyWord(d.kind, w)} (#${d.edict_id}).`,
  edict_answered: (d, w) => `L'édit #${d.edict_id} (${treatyWord(d.kind, w)}) est ${w.t(`edictStatus_${d.status}`)}.`,
  message_received: (d, w) => (d.to_all ? `${w.player(d.sender)} a écrit à tout le monde.` : `${w.player(d.sender)} vous a écrit.`),
  player_ready: (d, w) => (d.ready ? `${w.player(d.player)} est prêt.` : `${w.player(d.player)} n'est plus prêt.`),
  turn_changed: (d) => (d.status === "finished" ? `La campagne est terminée (tour ${d.turn}).` : `Le tour ${d.turn} a commencé.`),
  turn_forced: (d, w) =>
    `Le maître du jeu a changé de tour : le tour ${d.turn} a commencé${d.late.length ? ` (pas prêts : ${d.late.map((n) => w.player(n)).join(", ")})` : ""}.`,
  turn_rolled_back: (d) => `Le maître du jeu a ramené la campagne au tour ${d.turn}.`,
  battle_declared: (d, w) => `Une ${battleWord(d.kind, w)} a été déclarée (bataille #${d.battle_id}).`,
  battle_reported: (d, w) => `${w.player(d.reported_by)} a rapporté le résultat de la bataille #${d.battle_id}.`,
  battle_rejected: (d) => `Le rapport de la bataille #${d.battle_id} a été rejeté${d.reason ? ` : ${d.reason}` : ""}.`,
  battle_confirmed: (d, w) => `La bataille #${d.battle_id} est confirmée : ${outcomeWord(d.outcome, w)}.`,
  battle_abandoned: (d) => `La bataille #${d.battle_id} a été abandonnée.`,
  player_status: (d, w) => (d.inactive ? `${w.player(d.player)} est désormais inactif.` : `${w.player(d.player)} est de nouveau actif.`),
  webhook_disabled: (d) => `Un webhook a été désactivé${d.reason ? ` : ${d.reason}` : ""}.`,
  campaign_paused: (d) => `La campagne est en pause (tour ${d.turn}).`,
  campaign_resumed: (d, w) => `La campagne reprend (tour ${d.turn} ; échéance ${when(d.deadline_at, w.lang)}).`,
  deadline_extended: (d, w) => `L'échéance du tour ${d.turn} a été repoussée au ${when(d.deadline_at, w.lang)}.`,
  deadline_near: (d, w) => `L'échéance du tour ${d.turn} approche : ${when(d.deadline_at, w.lang)}.`,
  battle_date_proposed: (d, w) => `L'${w.t(d.side).toLowerCase()} propose de jouer la bataille #${d.battle_id} le ${when(d.date, w.lang)}.`,
  battle_date_agreed: (d, w) => `La bataille #${d.battle_id} sera jouée le ${when(d.date, w.lang)}.`,
  battle_report_edited: (d, w) => `${w.player(d.reported_by)} a modifié le rapport de la bataille #${d.battle_id}.`,
  seat_offered: (d, w) => (d.offered ? `${w.player(d.player)} propose sa place.` : `${w.player(d.player)} ne propose plus sa place.`),
  seat_handed_over: (d, w) => `La place de ${w.player(d.player)} a changé de mains (tour ${d.turn}).`,
  seat_offer_declined: (d, w) => `L'offre de place de ${w.player(d.player)} a été déclinée${d.seat_removed ? " ; la place vide a été retirée" : ""}.`,
  owner_became_game_master: (d, w) => `L'organisateur a cédé sa place (${w.player(d.player)}) et n'est plus que maître du jeu.`,
  seat_stewarded: (d, w) => `${w.player(d.player)} a manqué ${count("fr", d.missed_in_row, "échéance", "échéances")} d'affilée : un intendant tient la place.`,
  civil_disorder: (d, w) => `${w.player(d.player)} a manqué ${count("fr", d.missed_in_row, "échéance", "échéances")} d'affilée : le royaume est en désordre civil.`,
  civil_disorder_ended: (d, w) => `${w.player(d.player)} est de retour : le désordre civil a pris fin.`,
  vacation_started: (d, w) => `${w.player(d.player)} est en vacances jusqu'au ${when(d.until, w.lang)}.`,
  vacation_ended: (d, w) => `${w.player(d.player)} est revenu de vacances.`,
  turn_change_scheduled: (d, w) => `Tout le monde est prêt : le tour ${d.turn} change à ${when(d.due_at, w.lang)} sauf si quelqu'un se retire.`,
  turn_change_called_off: (d) => `Le changement du tour ${d.turn} a été annulé.`,
} satisfies Sentences;

export const SENTENCES: Record<Lang, Sentences> = { en: EN, fr: FR };

/** The data as the sentence reads it: a field it does not have throws (and the sentence falls
 * back) rather than saying "undefined"; a player's name may say anything. */
function strict(data: unknown): unknown {
  if (typeof data !== "object" || data === null) throw new TypeError("event data is not an object");
  return new Proxy(data, {
    get(target, key, receiver) {
      if (typeof key === "string" && !Object.hasOwn(target, key)) throw new TypeError(`no ${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** An event told as a sentence in `w.lang`: of a known kind with its data; an unknown kind (a
 * newer server) or data that does not fit its kind gets a sentence saying so, never a key. */
export function sentence(kind: string, data: unknown, w: Words): string {
  const table = SENTENCES[w.lang];
  const fallback = w.t("eventUnknown");
  if (!Object.hasOwn(table, kind)) return fallback;
  const say = table[kind as EventKind] as (d: unknown, w: Words) => string;
  try {
    const text = say(strict(data), w);
    return text.includes("[object") ? fallback : text;
  } catch {
    return fallback;
  }
}

/** The words of a reader from the catalogs (no React), e.g. for tests. */
export function wordsOf(lang: Lang, names: ReadonlyMap<number, string> = new Map()): Words {
  const t = (key: Key) => translate(lang, key);
  return { lang, t, player: (seat) => names.get(seat) ?? `${t("player")} ${seat}` };
}

/** A Words of a reader with their `t` and the campaign's seats (name, and "you" for theirs). */
export function wordsFor(lang: Lang, t: (key: Key) => string, players: readonly { number: number; name: string; is_you?: boolean }[] | undefined): Words {
  const names = new Map((players ?? []).map((p) => [p.number, p.is_you ? `${p.name} (${t("you")})` : p.name]));
  return { lang, t, player: (seat) => names.get(seat) ?? `${t("player")} ${seat}` };
}

