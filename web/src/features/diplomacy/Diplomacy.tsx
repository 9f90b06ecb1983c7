// Diplomacy (R-DIP-2, R-DIP-3): every kind of edict (diplomatic, gift, trade route, vassalage,
// exploration, a prisoner released), the answers to them, and the treaties they made, which a
// player may break (it ends at the next turn change and adds infamy).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n, type Key } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { diplomacyQueries, useBreakTreaty, useEdictActions } from "./api.ts";

export const EDICT_KINDS: readonly Schemas["EdictKind"][] = ["embassy", "pact", "alliance", "gift", "trade", "vassalage", "exploration", "release_prisoner"];

export type EdictBody =
  | Schemas["DiplomaticEdict"]
  | Schemas["GiftEdict"]
  | Schemas["TradeEdict"]
  | Schemas["VassalageEdict"]
  | Schemas["ExplorationEdict"]
  | Schemas["ReleasePrisonerEdict"];

/** The edict form as typed: every field a string, as the inputs hold them. */
export interface EdictForm {
  kind: Schemas["EdictKind"];
  to: string;
  amount: string;
  myCity: string;
  theirCity: string;
  offer: Schemas["VassalOffer"];
  q: string;
  r: string;
  generalId: string;
}

export const EMPTY_EDICT: EdictForm = { kind: "embassy", to: "", amount: "1", myCity: "", theirCity: "", offer: "become_vassal", q: "", r: "", generalId: "" };

/** Whether the kind is addressed to a player (a trade route names the player by their city). */
export function needsRecipient(kind: Schemas["EdictKind"]): boolean {
  return kind !== "exploration" && kind !== "release_prisoner";
}

/** The POST body of the form's edict: only the fields of its kind, numbers as numbers. */
export function edictBody(form: EdictForm): EdictBody {
  const to = Number(form.to);
  switch (form.kind) {
    case "embassy":
    case "pact":
    case "alliance":
      return { kind: form.kind, to };
    case "gift":
      return { kind: "gift", to, amount: Number(form.amount) };
    case "trade":
      return { kind: "trade", my_city_id: Number(form.myCity), their_city_id: Number(form.theirCity) };
    case "vassalage":
      return { kind: "vassalage", to, offer: form.offer };
    case "exploration":
      return { kind: "exploration", q: Number(form.q), r: Number(form.r) };
    case "release_prisoner":
      return { kind: "release_prisoner", general_id: Number(form.generalId) };
  }
}

export interface CityChoice {
  id: number;
  label: string;
}

/** The cities of player `owner` on the map as the viewer sees it (seen ones by their remembered id). */
export function citiesOf(world: Schemas["WorldMap"] | undefined, owner: number | null): CityChoice[] {
  if (!world || owner === null) return [];
  return world.tiles.flatMap((tile) => {
    const s = tile.structure;
    if (tile.owner !== owner || !s || s.kind !== "city" || s.id === null || s.id === undefined) return [];
    return [{ id: s.id, label: `${tile.name ?? `#${s.id}`} (${tile.q}, ${tile.r})` }];
  });
}

/** A one-line account of an edict: its kind in words (never the API's key) and what it names
 * beyond the two players. */
function edictTerms(e: Schemas["EdictRead"], t: (key: Key) => string): string {
  const extra = [
    e.amount !== null && e.amount !== undefined ? `${e.amount} ${t("gold").toLowerCase()}` : null,
    e.offer ? t(e.offer) : null,
    e.my_city_id !== null && e.my_city_id !== undefined ? `${t("city")} #${e.my_city_id} ↔ #${e.their_city_id ?? "?"}` : null,
    e.q !== null && e.q !== undefined ? `(${e.q}, ${e.r ?? "?"})` : null,
    e.general_id !== null && e.general_id !== undefined ? `${t("general")} #${e.general_id}` : null,
  ].filter((x) => x !== null);
  return [t(`edict_${e.kind}` as Key), ...extra].join(" · ");
}

export function EdictsPanel({ campaignId, myNumber }: { campaignId: string; myNumber: number | null }) {
  const { t } = useI18n();
  const { api } = useSession();
  const edicts = useQuery(diplomacyQueries.edicts(api, campaignId));
  const players = useQuery(diplomacyQueries.players(api, campaignId));
  const world = useQuery(diplomacyQueries.map(api, campaignId));
  const generals = useQuery({ ...diplomacyQueries.generals(api, campaignId), enabled: myNumber !== null });
  const [form, setForm] = useState<EdictForm>(EMPTY_EDICT);
  const set = (patch: Partial<EdictForm>) => setForm({ ...form, ...patch });
  const { propose, answer } = useEdictActions(campaignId);
  const others = players.data?.filter((p) => !p.is_you) ?? [];
  const myCities = citiesOf(world.data, myNumber);
  const theirCities = citiesOf(world.data, form.to === "" ? null : Number(form.to));
  const prisoners = generals.data?.prisoners ?? [];
  const cityOptions = (cities: CityChoice[]) => [
    <option key="" value="">
      {cities.length ? "—" : t("noCityKnown")}
    </option>,
    ...cities.map((c) => (
      <option key={c.id} value={c.id}>
        {c.label}
      </option>
    )),
  ];
  return (
    <div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          propose.mutate(edictBody(form));
        }}
      >
        <label>
          {t("kind")}
          <select name="kind" value={form.kind} onChange={(e) => set({ kind: e.target.value as Schemas["EdictKind"] })}>
            {EDICT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`edict_${k}` as Key)}
              </option>
            ))}
          </select>
        </label>
        {needsRecipient(form.kind) ? (
          <label>
            {t("recipient")}
            <select name="recipient" required value={form.to} onChange={(e) => set({ to: e.target.value, theirCity: "" })}>
              <option value="">—</option>
              {others.map((p) => (
                <option key={p.number} value={p.number}>
                  {p.number}. {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {form.kind === "gift" ? (
          <label>
            {t("amount")}
            <input type="number" name="amount" min={1} required value={form.amount} onChange={(e) => set({ amount: e.target.value })} />
          </label>
        ) : null}
        {form.kind === "trade" ? (
          <>
            <label>
              {t("myCity")}
              <select name="my_city" required value={form.myCity} onChange={(e) => set({ myCity: e.target.value })}>
                {cityOptions(myCities)}
              </select>
            </label>
            <label>
              {t("theirCity")}
              <select name="their_city" required value={form.theirCity} onChange={(e) => set({ theirCity: e.target.value })}>
                {cityOptions(theirCities)}
              </select>
            </label>
          </>
        ) : null}
        {form.kind === "vassalage" ? (
          <label>
            {t("vassalOffer")}
            <select name="offer" value={form.offer} onChange={(e) => set({ offer: e.target.value as Schemas["VassalOffer"] })}>
              <option value="become_vassal">{t("become_vassal")}</option>
              <option value="demand_vassal">{t("demand_vassal")}</option>
            </select>
          </label>
        ) : null}
        {form.kind === "exploration" ? (
          <div className="grid4">
            <label>
              {t("exploreQ")}
              <input type="number" name="explore_q" required value={form.q} onChange={(e) => set({ q: e.target.value })} />
            </label>
            <label>
              {t("exploreR")}
              <input type="number" name="explore_r" required value={form.r} onChange={(e) => set({ r: e.target.value })} />
            </label>
          </div>
        ) : null}
        {form.kind === "release_prisoner" ? (
          <label>
            {t("prisoner")}
            <select name="general" required value={form.generalId} onChange={(e) => set({ generalId: e.target.value })}>
              <option value="">{prisoners.length ? "—" : t("noPrisoner")}</option>
              {prisoners.map((g) => (
                <option key={g.id} value={g.id}>
                  #{g.id} ({g.owner_name})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <ProblemView error={propose.error} />
        <button type="submit" disabled={propose.isPending}>
          {t("propose")}
        </button>
      </form>
      <ul className="list" data-testid="edicts">
        {edicts.data?.items.map((e) => (
          <li key={e.id} data-edict-id={e.id} data-status={e.status} data-kind={e.kind}>
            #{e.id} {edictTerms(e, t)} · {e.sender_name} → {e.recipient_name ?? "—"} · {t(`edictStatus_${e.status}`)}
            {e.recipient === myNumber && (e.status === "proposed" || e.status === "pending") ? (
              <>
                {" "}
                <button type="button" onClick={() => answer.mutate({ id: e.id, verb: "accept" })}>
                  {t("accept")} #{e.id}
                </button>{" "}
                <button type="button" onClick={() => answer.mutate({ id: e.id, verb: "refuse" })}>
                  {t("refuse")}
                </button>
              </>
            ) : null}
            {e.sender === myNumber && (e.status === "proposed" || (e.kind === "exploration" && e.status === "pending")) ? (
              <>
                {" "}
                <button type="button" onClick={() => answer.mutate({ id: e.id, verb: "withdraw" })}>
                  {t("withdrawEdict")} #{e.id}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <ProblemView error={answer.error ?? edicts.error} />
      {myNumber !== null ? <TreatiesPanel campaignId={campaignId} /> : null}
    </div>
  );
}

/** The player's treaties: agreed (binding from the next turn change), in force, or ending. */
export function TreatiesPanel({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const treaties = useQuery(diplomacyQueries.treaties(api, campaignId));
  const breakTreaty = useBreakTreaty(campaignId);
  return (
    <section aria-labelledby={`treaties-${campaignId}`} data-testid="treaties">
      <h3 id={`treaties-${campaignId}`}>{t("treaties")}</h3>
      <p className="muted">{t("breakHint")}</p>
      <ProblemView error={treaties.error} />
      {treaties.data?.length === 0 ? <p className="muted">{t("none")}</p> : null}
      <ul className="list">
        {treaties.data?.map((x) => (
          <li key={x.id} data-treaty-id={x.id} data-status={x.status} data-kind={x.kind}>
            #{x.id} {t(`edict_${x.kind}`)} · {x.a_name} ↔ {x.b_name}
            {x.city_a !== null && x.city_a !== undefined ? ` · ${t("city")} #${x.city_a} ↔ #${x.city_b ?? "?"}` : ""} · {t("sinceTurn")} {x.since_turn}
            {x.ends_turn !== null ? ` · ${t("endsTurn")} ${x.ends_turn}` : ""} · {t(`treaty_${x.status}` as Key)}
            {x.status !== "ending" ? (
              <>
                {" "}
                <button type="button" onClick={() => breakTreaty.mutate(x.id)} disabled={breakTreaty.isPending}>
                  {t("breakTreaty")} #{x.id}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <ProblemView error={breakTreaty.error} />
    </section>
  );
}
