// The notification preferences of the account: quiet hours, digest, each kind's channels.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n, type Key } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries, useSaveNotifications } from "./api.ts";

export type KindChannels = Schemas["KindChannels"];

export type NotificationKind = Schemas["NotificationKind"];

/** The kinds a player can tune (a `ping` is a webhook test, not worth a row). */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  "campaign_started",
  "turn_started",
  "summary_ready",
  "battle_awaits_report",
  "battle_awaits_confirmation",
  "edict_awaits_answer",
  "deadline_reminder",
  "last_not_ready",
  "message_received",
  "campaign_ended",
];

const ALL_ON: KindChannels = { email: "on", inbox: "on", push: "on", webhook: "on" };

export interface PreferencesForm {
  timeZone: string;
  quietStart: string;
  quietEnd: string;
  vacation: boolean;
  digestHour: string;
  kinds: Partial<Record<NotificationKind, KindChannels>>;
}

/** The PUT body of the notification form: empty times mean none; a kind on everywhere is left out
 * (the server's default), so the body names only what the player changed. */
export function preferencesBody(form: PreferencesForm): Schemas["NotificationPreferences"] {
  const kinds: Record<string, KindChannels> = {};
  for (const [kind, channels] of Object.entries(form.kinds)) {
    if (channels && (channels.email !== "on" || channels.inbox !== "on" || channels.push !== "on" || channels.webhook !== "on")) kinds[kind] = channels;
  }
  const hour = Number.parseInt(form.digestHour, 10);
  return {
    time_zone: form.timeZone.trim() || "UTC",
    quiet_start: form.quietStart || null,
    quiet_end: form.quietEnd || null,
    vacation: form.vacation,
    digest_hour: Number.isFinite(hour) ? hour : 8,
    kinds,
  };
}

/** Quiet hours, the mute switch, the digest hour and, per kind, each channel (inbox, email,
 * personal webhooks), every campaign. */
export function NotificationSettings() {
  const { t } = useI18n();
  const { api } = useSession();
  const prefs = useQuery(accountQueries.notifications(api));
  const [form, setForm] = useState<PreferencesForm>({ timeZone: "", quietStart: "", quietEnd: "", vacation: false, digestHour: "8", kinds: {} });
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (prefs.data && !loaded) {
      // The form starts from the saved preferences once they arrive, then is the player's.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setForm({
        timeZone: prefs.data.time_zone ?? "UTC",
        quietStart: prefs.data.quiet_start?.slice(0, 5) ?? "",
        quietEnd: prefs.data.quiet_end?.slice(0, 5) ?? "",
        vacation: prefs.data.vacation ?? false,
        digestHour: String(prefs.data.digest_hour ?? 8),
        kinds: (prefs.data.kinds ?? {}),
      });
      setLoaded(true);
    }
  }, [prefs.data, loaded]);
  const save = useSaveNotifications();
  const setChannel = (kind: NotificationKind, channel: keyof KindChannels, value: string) =>
    setForm({ ...form, kinds: { ...form.kinds, [kind]: { ...ALL_ON, ...form.kinds[kind], [channel]: value } } });
  return (
    <section className="card" aria-labelledby="notify-title">
      <h2 id="notify-title">{t("notifications")}</h2>
      <ProblemView error={prefs.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(preferencesBody(form));
        }}
      >
        <label>
          {t("timeZone")}
          <input name="time_zone" value={form.timeZone} placeholder="Europe/Paris" onChange={(e) => setForm({ ...form, timeZone: e.target.value })} />
        </label>
        <div className="grid4">
          <label>
            {t("quietStart")}
            <input type="time" name="quiet_start" value={form.quietStart} onChange={(e) => setForm({ ...form, quietStart: e.target.value })} />
          </label>
          <label>
            {t("quietEnd")}
            <input type="time" name="quiet_end" value={form.quietEnd} onChange={(e) => setForm({ ...form, quietEnd: e.target.value })} />
          </label>
          <label>
            {t("digestHour")}
            <input type="number" name="digest_hour" min={0} max={23} value={form.digestHour} onChange={(e) => setForm({ ...form, digestHour: e.target.value })} />
          </label>
        </div>
        <label className="inline">
          <input type="checkbox" checked={form.vacation} onChange={(e) => setForm({ ...form, vacation: e.target.checked })} />
          {t("muteNotifications")}
        </label>
        <details>
          <summary>{t("perKind")}</summary>
          <div className="table-scroll">
            <table className="stack-table">
              <caption className="sr-only">{t("perKind")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("kind")}</th>
                  <th scope="col">{t("inbox")}</th>
                  <th scope="col">{t("email")}</th>
                  <th scope="col">{t("webhooks")}</th>
                  <th scope="col">{t("pushChannel")}</th>
                </tr>
              </thead>
              <tbody>
                {NOTIFICATION_KINDS.map((kind) => {
                  const channels = { ...ALL_ON, ...form.kinds[kind] };
                  const label = t(`kind_${kind}` as Key);
                  return (
                    <tr key={kind}>
                      <th scope="row">{label}</th>
                      <td data-label={t("inbox")}>
                        <select aria-label={`${label}: ${t("inbox")}`} value={channels.inbox} onChange={(e) => setChannel(kind, "inbox", e.target.value)}>
                          <option value="on">{t("channelOn")}</option>
                          <option value="off">{t("channelOff")}</option>
                        </select>
                      </td>
                      <td data-label={t("email")}>
                        <select aria-label={`${label}: ${t("email")}`} value={channels.email} onChange={(e) => setChannel(kind, "email", e.target.value)}>
                          <option value="on">{t("channelOn")}</option>
                          <option value="digest">{t("channelDigest")}</option>
                          <option value="off">{t("channelOff")}</option>
                        </select>
                      </td>
                      <td data-label={t("webhooks")}>
                        <select aria-label={`${label}: ${t("webhooks")}`} value={channels.webhook} onChange={(e) => setChannel(kind, "webhook", e.target.value)}>
                          <option value="on">{t("channelOn")}</option>
                          <option value="off">{t("channelOff")}</option>
                        </select>
                      </td>
                      <td data-label={t("pushChannel")}>
                        <select aria-label={`${label}: ${t("pushChannel")}`} value={channels.push} onChange={(e) => setChannel(kind, "push", e.target.value)}>
                          <option value="on">{t("channelOn")}</option>
                          <option value="off">{t("channelOff")}</option>
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </details>
        <ProblemView error={save.error} />
        <button type="submit" disabled={save.isPending}>
          {t("save")}
        </button>
        {save.isSuccess ? (
          <span role="status" className="muted">
            {" "}
            {t("saved")}
          </span>
        ) : null}
      </form>
    </section>
  );
}
