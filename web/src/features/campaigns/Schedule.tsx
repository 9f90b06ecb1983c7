// Club nights (R-TURN-9): the weekly schedule picker used on creation and in the owner's lobby
// settings, and the deadline shown in the reader's time zone and in the campaign's.
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { useI18n, type Lang } from "../../i18n.tsx";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useCampaignSettings } from "./api.ts";

export type TurnSchedule = Schemas["TurnSchedule"];

// Kept here, not in i18n.tsx: the picker is one component, its words travel with it.
const words = {
  en: {
    schedule: "Weekly schedule (club nights)",
    scheduleHelp:
      "Each turn ends at the next of these local times at least the minimum turn length away (instead of hours after it started).",
    useSchedule: "Turns change on a weekly schedule",
    weekday: "Day",
    time: "Local time",
    addNight: "Add a night",
    remove: "Remove",
    timeZone: "Time zone",
    minTurnHours: "Shortest turn (hours)",
    save: "Save the schedule",
    saved: "Saved.",
    yourTime: "your time",
    campaignTime: "campaign's time",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  },
  fr: {
    schedule: "Calendrier hebdomadaire (soirées de club)",
    scheduleHelp:
      "Chaque tour finit à la prochaine de ces heures locales au moins la durée minimale d'un tour plus tard (au lieu d'heures après son début).",
    useSchedule: "Les tours changent selon un calendrier hebdomadaire",
    weekday: "Jour",
    time: "Heure locale",
    addNight: "Ajouter une soirée",
    remove: "Retirer",
    timeZone: "Fuseau horaire",
    minTurnHours: "Tour le plus court (heures)",
    save: "Enregistrer le calendrier",
    saved: "Enregistré.",
    yourTime: "votre heure",
    campaignTime: "heure de la campagne",
    days: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
  },
} satisfies Record<Lang, Record<string, string | string[]>>;

/** The browser's own IANA zone (UTC if it says none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Tuesdays and Fridays at 20:00 in the browser's zone: a club's usual start. */
export function defaultSchedule(): TurnSchedule {
  return {
    entries: [
      { weekday: 1, time: "20:00" },
      { weekday: 4, time: "20:00" },
    ],
    time_zone: browserTimeZone(),
    min_turn_hours: 12,
  };
}

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? [];
}

/** Edit a schedule (null: none). The server checks it again (422 names the wrong field). */
export function SchedulePicker({ value, onChange }: { value: TurnSchedule | null; onChange: (next: TurnSchedule | null) => void }) {
  const { lang } = useI18n();
  const w = words[lang];
  const entries = value?.entries ?? [];
  const set = (patch: Partial<TurnSchedule>) => value && onChange({ ...value, ...patch });
  const setEntry = (index: number, patch: Partial<Schemas["ScheduleEntry"]>) =>
    set({ entries: entries.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  return (
    <fieldset data-testid="schedule-picker">
      <legend>{w.schedule}</legend>
      <label className="inline">
        <input type="checkbox" checked={value !== null} onChange={(e) => onChange(e.target.checked ? defaultSchedule() : null)} />
        {w.useSchedule}
      </label>
      {value ? (
        <>
          <p className="muted">{w.scheduleHelp}</p>
          {entries.map((entry, index) => (
            <div key={index} className="row">
              <label>
                {w.weekday} {index + 1}
                <select value={Number(entry.weekday)} onChange={(e) => setEntry(index, { weekday: Number(e.target.value) })}>
                  {w.days.map((day, number) => (
                    <option key={day} value={number}>
                      {day}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {w.time} {index + 1}
                <input type="time" step={60} required value={entry.time} onChange={(e) => setEntry(index, { time: e.target.value.slice(0, 5) })} />
              </label>
              {entries.length > 1 ? (
                <button type="button" onClick={() => set({ entries: entries.filter((_, i) => i !== index) })}>
                  {w.remove}
                </button>
              ) : null}
            </div>
          ))}
          {entries.length < 14 ? (
            <button type="button" onClick={() => set({ entries: [...entries, { weekday: 4, time: "20:00" }] })}>
              {w.addNight}
            </button>
          ) : null}
          <label>
            {w.timeZone}
            <input list="schedule-zones" required maxLength={64} value={value.time_zone} onChange={(e) => set({ time_zone: e.target.value })} />
            <datalist id="schedule-zones">
              {zones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </label>
          <label>
            {w.minTurnHours}
            <input
              type="number"
              min={0}
              max={336}
              value={value.min_turn_hours}
              onChange={(e) => set({ min_turn_hours: Number(e.target.value) })}
            />
          </label>
        </>
      ) : null}
    </fieldset>
  );
}

/** The owner's lobby card: set or clear the schedule (the settings are changed whole). */
export function ScheduleSettings({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { lang } = useI18n();
  const w = words[lang];
  const [value, setValue] = useState<TurnSchedule | null>(campaign.settings.turn_schedule ?? null);
  const save = useCampaignSettings(campaign.id);
  if (!campaign.is_owner || campaign.status !== "lobby") return null;
  return (
    <section className="card" aria-labelledby="schedule-title">
      <h2 id="schedule-title">{w.schedule}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            ...campaign.settings,
            turn_schedule: value,
            // One or the other (R-TURN-9): a schedule replaces hours after the start.
            turn_deadline_hours: value ? null : campaign.settings.turn_deadline_hours,
          });
        }}
      >
        <SchedulePicker value={value} onChange={setValue} />
        <button type="submit" disabled={save.isPending}>
          {w.save}
        </button>
        {save.isSuccess ? <p role="status">{w.saved}</p> : null}
        <ProblemView error={save.error} />
      </form>
    </section>
  );
}

/** `iso` as a date and time in `zone` (the reader's own when undefined). */
export function formatIn(iso: string, lang: Lang, zone?: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone, timeZoneName: "short" }).format(
    new Date(iso),
  );
}

/** The deadline in the reader's time zone, and in the campaign's when it has a schedule in
 * another zone. */
export function DeadlineTimes({ deadline, zone }: { deadline: string; zone?: string | null }) {
  const { lang } = useI18n();
  const w = words[lang];
  const mine = browserTimeZone();
  return (
    <span className="muted" data-testid="deadline-times">
      {" ("}
      {w.yourTime}: {formatIn(deadline, lang)}
      {zone && zone !== mine ? `; ${w.campaignTime}, ${zone}: ${formatIn(deadline, lang, zone)}` : ""}
      {")"}
    </span>
  );
}
