// Notification settings (quiet hours, mute; webhooks in JSON, Discord or Slack format), the
// charts of a campaign (its numbers per turn, as a table) and its house rules (R-HOUSE-1).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ok, type Schemas } from "../api/client.ts";
import { Disclosure } from "../components/Disclosure.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { gameSystemName } from "../gameSystems.ts";
import { useI18n, type Key, type Lang } from "../i18n.tsx";
import { useSession } from "../session.tsx";

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

/** Choosing a language: the UI switches at once and, signed in, the account keeps the choice
 * (`PATCH /v1/users/me`), so the server writes in it (problems, summaries, emails) everywhere. */
export function useChooseLanguage() {
  const { setLang } = useI18n();
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (language: Lang) => ok(await api.PATCH("/v1/users/me", { body: { language } })),
    onSuccess: (me) => queryClient.setQueryData(["me", token], me),
  });
  return {
    save,
    choose: (next: Lang) => {
      setLang(next);
      if (token !== null) save.mutate(next);
    },
  };
}

/** At sign-in, the language saved to the account (`GET /v1/users/me`) becomes the UI's. */
export function useSavedLanguage(saved: Lang | null | undefined) {
  const { lang, setLang } = useI18n();
  useEffect(() => {
    if (saved && saved !== lang) setLang(saved);
    // Only a new saved value applies: a switch made since is the account's next value.
  }, [saved]);
}

/** The language choice of the settings, saved to the account. */
export function LanguageSettings() {
  const { t, lang } = useI18n();
  const { choose, save } = useChooseLanguage();
  return (
    <section className="card" aria-labelledby="language-title">
      <h2 id="language-title">{t("language")}</h2>
      <p className="muted">{t("languageHelp")}</p>
      <label>
        {t("accountLanguage")}
        <select name="language" value={lang} onChange={(e) => choose(e.target.value as Lang)}>
          <option value="en">English</option>
          <option value="fr">Français</option>
        </select>
      </label>
      <ProblemView error={save.error} />
      {save.isSuccess ? (
        <span role="status" className="muted">
          {t("saved")}
        </span>
      ) : null}
    </section>
  );
}

/** Quiet hours, the mute switch, the digest hour and, per kind, each channel (inbox, email,
 * personal webhooks), every campaign. */
export function NotificationSettings() {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: ["notifications"],
    queryFn: async () => ok(await api.GET("/v1/users/me/notifications")),
  });
  const [form, setForm] = useState<PreferencesForm>({ timeZone: "", quietStart: "", quietEnd: "", vacation: false, digestHour: "8", kinds: {} });
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (prefs.data && !loaded) {
      setForm({
        timeZone: prefs.data.time_zone ?? "UTC",
        quietStart: prefs.data.quiet_start?.slice(0, 5) ?? "",
        quietEnd: prefs.data.quiet_end?.slice(0, 5) ?? "",
        vacation: prefs.data.vacation ?? false,
        digestHour: String(prefs.data.digest_hour ?? 8),
        kinds: (prefs.data.kinds ?? {}) as PreferencesForm["kinds"],
      });
      setLoaded(true);
    }
  }, [prefs.data, loaded]);
  const save = useMutation({
    mutationFn: async () => ok(await api.PUT("/v1/users/me/notifications", { body: preferencesBody(form) })),
    onSuccess: (data) => queryClient.setQueryData(["notifications"], data),
  });
  const setChannel = (kind: NotificationKind, channel: keyof KindChannels, value: string) =>
    setForm({ ...form, kinds: { ...form.kinds, [kind]: { ...ALL_ON, ...form.kinds[kind], [channel]: value } } });
  return (
    <section className="card" aria-labelledby="notify-title">
      <h2 id="notify-title">{t("notifications")}</h2>
      <ProblemView error={prefs.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
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

/** The user's email address: set (a confirmation is sent), whether it is confirmed, remove. */
export function EmailSettings() {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">{t("emailAddress")}</h2>
      <Disclosure summary={t("showEmail")}>
        <EmailAddress />
      </Disclosure>
    </section>
  );
}

/** The address and its form, asked of the server once opened (no address yet: 404, "none"). */
function EmailAddress() {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const key = ["me", "email"];
  // 404: no address yet — not an error to show.
  const current = useQuery({
    queryKey: key,
    queryFn: async () => {
      const result = await api.GET("/v1/users/me/email");
      if (result.response.status === 404) return null;
      return ok(result);
    },
    retry: false,
  });
  const [address, setAddress] = useState("");
  // The server asks for it unless this session signed in within the last minutes (issue 42).
  const [password, setPassword] = useState("");
  const set = useMutation({
    mutationFn: async () =>
      ok(await api.PUT("/v1/users/me/email", { body: { address: address.trim(), ...(password ? { current_password: password } : {}) } })),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setAddress("");
      setPassword("");
    },
  });
  const remove = useMutation({
    mutationFn: async () => ok(await api.DELETE("/v1/users/me/email")),
    onSuccess: () => queryClient.setQueryData(key, null),
  });
  const email = current.data ?? null;
  return (
    <>
      <ProblemView error={current.error} />
      {email ? (
        <p data-testid="email-current">
          <code>{email.address}</code> — {email.confirmed ? t("emailConfirmed") : t("emailUnconfirmed")}
          {email.unsubscribed ? ` — ${t("emailUnsubscribed")}` : ""}{" "}
          <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t("delete")}
          </button>
        </p>
      ) : current.isSuccess ? (
        <p className="muted">{t("noEmail")}</p>
      ) : null}
      <ProblemView error={remove.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set.mutate();
        }}
      >
        <label>
          {email ? t("changeEmail") : t("setEmail")}
          <input name="email" type="email" autoComplete="email" required value={address} onChange={(e) => setAddress(e.target.value)} />
        </label>
        <label>
          {t("currentPassword")}
          <input name="current_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <p className="muted">{t("currentPasswordHint")}</p>
        <ProblemView error={set.error} />
        <button type="submit" disabled={set.isPending}>
          {t("save")}
        </button>
        {set.isSuccess ? (
          <span role="status" className="muted">
            {" "}
            {t("emailSent")}
          </span>
        ) : null}
      </form>
    </>
  );
}

/** The user's webhooks in one campaign: add (the secret shown once), ping, delete, the log. */
export function WebhooksPanel({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: campaign.id };
  const key = ["campaign", campaign.id, "webhooks"];
  const hooks = useQuery({
    queryKey: key,
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/webhooks", { params: { path } })),
  });
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<Schemas["EndpointFormat"]>("json");
  const [scope, setScope] = useState<Schemas["EndpointScope"]>("personal");
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: async () => ok(await api.POST("/v1/campaigns/{campaign_id}/webhooks", { params: { path }, body: { url: url.trim(), format, scope } })),
    onSuccess: async (created) => {
      setSecret(created.secret);
      setUrl("");
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: string) => ok(await api.DELETE("/v1/campaigns/{campaign_id}/webhooks/{webhook_id}", { params: { path: { ...path, webhook_id: id } } })),
    onSuccess: refresh,
  });
  const ping = useMutation({
    mutationFn: async (id: string) => ok(await api.POST("/v1/campaigns/{campaign_id}/webhooks/{webhook_id}/ping", { params: { path: { ...path, webhook_id: id } } })),
  });
  return (
    <div data-testid="webhooks">
      <h3>{t("webhooks")}</h3>
      <p className="muted">{t("webhooksHint")}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <label>
          {t("webhookUrl")}
          <input type="url" name="url" required value={url} placeholder="https://discord.com/api/webhooks/…" onChange={(e) => setUrl(e.target.value)} />
        </label>
        <label>
          {t("webhookFormat")}
          <select name="format" value={format} onChange={(e) => setFormat(e.target.value as Schemas["EndpointFormat"])}>
            <option value="json">JSON (Standard Webhooks)</option>
            <option value="discord">Discord</option>
            <option value="slack">Slack</option>
          </select>
        </label>
        {campaign.is_owner ? (
          <label>
            {t("webhookScope")}
            <select name="scope" value={scope} onChange={(e) => setScope(e.target.value as Schemas["EndpointScope"])}>
              <option value="personal">{t("scopePersonal")}</option>
              <option value="campaign">{t("scopeCampaign")}</option>
            </select>
          </label>
        ) : null}
        <ProblemView error={add.error} />
        <button type="submit" disabled={add.isPending}>
          {t("addWebhook")}
        </button>
      </form>
      {secret ? (
        <p className="notice" role="status">
          {t("tokenOnce")} <code>{secret}</code>
        </p>
      ) : null}
      <ProblemView error={hooks.error} />
      <ul className="list">
        {hooks.data?.map((h) => (
          <li key={h.id}>
            <code>{h.url}</code> · {h.format} · {h.scope}
            {h.enabled ? "" : ` · ${t("disabled")}${h.disabled_reason ? `: ${h.disabled_reason}` : ""}`}
            <span className="buttons">
              <button type="button" onClick={() => ping.mutate(h.id)} disabled={ping.isPending}>
                {t("ping")}
              </button>
              <button type="button" onClick={() => remove.mutate(h.id)} disabled={remove.isPending}>
                {t("delete")}
              </button>
            </span>
            <DeliveryLog campaignId={campaign.id} webhookId={h.id} />
          </li>
        ))}
      </ul>
      {ping.isSuccess ? (
        <p role="status" className="muted">
          {t("pingQueued")}
        </p>
      ) : null}
      <ProblemView error={remove.error ?? ping.error} />
    </div>
  );
}

/** A webhook's delivery log, newest first (status, attempts, the receiver's last answer). */
export function DeliveryLog({ campaignId, webhookId }: { campaignId: string; webhookId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const deliveries = useQuery({
    queryKey: ["campaign", campaignId, "webhooks", webhookId, "deliveries"],
    queryFn: async () =>
      ok(await api.GET("/v1/campaigns/{campaign_id}/webhooks/{webhook_id}/deliveries", { params: { path: { campaign_id: campaignId, webhook_id: webhookId }, query: { limit: 50 } } })),
    enabled: open,
    refetchInterval: open ? 5000 : false,
  });
  const items = deliveries.data?.items ?? [];
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="deliveries">
      <summary>{t("deliveryLog")}</summary>
      <ProblemView error={deliveries.error} />
      {deliveries.isSuccess && items.length === 0 ? <p className="muted">{t("noDeliveries")}</p> : null}
      {items.length ? (
        <div className="table-scroll">
          <table>
            <caption className="sr-only">{t("deliveryLog")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("when")}</th>
                <th scope="col">{t("kind")}</th>
                <th scope="col">{t("status")}</th>
                <th scope="col">{t("attempts")}</th>
                <th scope="col">{t("lastAnswer")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.id} data-delivery-status={d.status}>
                  <td>
                    <time dateTime={d.created_at}>{new Date(d.created_at).toLocaleString()}</time>
                  </td>
                  <td>{d.kind}</td>
                  <td>{d.status}</td>
                  <td>{d.attempts}</td>
                  <td>{[d.last_status_code, d.last_error].filter((x) => x !== null && x !== undefined).join(" · ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}

/** The charts' numbers per turn (mine; everyone's once the campaign ended or for the GM). */
export function ChartsTable({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const charts = useQuery({
    queryKey: ["campaign", campaignId, "charts"],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/charts", { params: { path: { campaign_id: campaignId } } })),
  });
  return (
    <div data-testid="charts">
      <h3>{t("charts")}</h3>
      <ProblemView error={charts.error} />
      {charts.data?.players.map((p) => (
        <table key={p.player}>
          <caption>
            {t("player")} {p.player}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("turn")}</th>
              <th scope="col">{t("gold")}</th>
              <th scope="col">{t("income")}</th>
              <th scope="col">{t("territories")}</th>
              <th scope="col">{t("score")}</th>
            </tr>
          </thead>
          <tbody>
            {p.points.map((pt) => (
              <tr key={pt.turn}>
                <td>
                  {pt.turn}
                  {pt.current ? ` (${t("now")})` : ""}
                </td>
                <td>{pt.gold}</td>
                <td>{pt.income ?? "—"}</td>
                <td>{pt.territories}</td>
                <td>{pt.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** The house rules: every member reads them and their changes; the owner adds, edits in place
 * and removes amendments. */
export function HouseRulesPanel({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const path = { campaign_id: campaign.id };
  const key = ["campaign", campaign.id, "house-rules"];
  const rules = useQuery({
    queryKey: key,
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/house-rules", { params: { path } })),
  });
  const [kind, setKind] = useState<Schemas["AmendmentKind"]>("add");
  const [section, setSection] = useState("");
  const [page, setPage] = useState("");
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: async () =>
      ok(await api.POST("/v1/campaigns/{campaign_id}/house-rules", { params: { path }, body: { kind, section, page: page || null, text } })),
    onSuccess: async () => {
      setText("");
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: number) => ok(await api.DELETE("/v1/campaigns/{campaign_id}/house-rules/{rule_id}", { params: { path: { ...path, rule_id: id } } })),
    onSuccess: refresh,
  });
  return (
    <section className="card" aria-labelledby="house-title" data-testid="house-rules">
      <h2 id="house-title">{t("houseRules")}</h2>
      <ProblemView error={rules.error} />
      {rules.data ? (
        <p className="muted">
          {t("gameSystem")}: {gameSystemName(rules.data.game_system, t("customGameSystem"))}
        </p>
      ) : null}
      {rules.data?.amendments.length === 0 ? <p className="muted">{t("none")}</p> : null}
      <ol>
        {rules.data?.amendments.map((a) =>
          editing === a.id ? (
            <li key={a.id}>
              <AmendmentEditor campaignId={campaign.id} amendment={a} count={rules.data?.amendments.length ?? 1} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={a.id}>
              <strong>
                {t(a.kind)} · {a.section}
                {a.page ? ` (p. ${a.page})` : ""}
              </strong>
              : {a.text}
              {campaign.is_owner ? (
                <>
                  {" "}
                  <button type="button" onClick={() => setEditing(a.id)}>
                    {t("edit")} · {a.section}
                  </button>{" "}
                  <button type="button" onClick={() => remove.mutate(a.id)} disabled={remove.isPending}>
                    {t("delete")} · {a.section}
                  </button>
                </>
              ) : null}
            </li>
          ),
        )}
      </ol>
      <HouseRuleChanges campaignId={campaign.id} />
      <ProblemView error={remove.error} />
      {campaign.is_owner ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <div className="grid4">
            <label>
              {t("kind")}
              <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as Schemas["AmendmentKind"])}>
                {(["add", "replace", "remove"] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(k)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("section")}
              <input name="section" required value={section} onChange={(e) => setSection(e.target.value)} />
            </label>
            <label>
              {t("page")}
              <input name="page" value={page} onChange={(e) => setPage(e.target.value)} />
            </label>
          </div>
          <label>
            {t("amendmentText")}
            <textarea name="text" required value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <ProblemView error={add.error} />
          <button type="submit" disabled={add.isPending}>
            {t("addAmendment")}
          </button>
        </form>
      ) : null}
    </section>
  );
}

export interface AmendmentForm {
  kind: Schemas["AmendmentKind"];
  section: string;
  page: string;
  text: string;
  position: string;
}

/** The PATCH body of an edited amendment: only what changed (an empty page clears it). */
export function amendmentPatch(original: Schemas["HouseRuleRead"], form: AmendmentForm): Schemas["HouseRuleUpdate"] {
  const patch: Schemas["HouseRuleUpdate"] = {};
  if (form.kind !== original.kind) patch.kind = form.kind;
  if (form.section.trim() !== original.section) patch.section = form.section.trim();
  const page = form.page.trim() || null;
  if (page !== (original.page ?? null)) patch.page = page;
  if (form.text !== original.text) patch.text = form.text;
  const position = Number.parseInt(form.position, 10);
  if (Number.isFinite(position) && position !== original.position) patch.position = position;
  return patch;
}

/** One amendment edited where it stands; the form keeps its input when the server refuses. */
function AmendmentEditor({
  campaignId,
  amendment,
  count,
  onDone,
}: {
  campaignId: string;
  amendment: Schemas["HouseRuleRead"];
  count: number;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<AmendmentForm>({
    kind: amendment.kind,
    section: amendment.section,
    page: amendment.page ?? "",
    text: amendment.text,
    position: String(amendment.position),
  });
  const save = useMutation({
    mutationFn: async () =>
      ok(
        await api.PATCH("/v1/campaigns/{campaign_id}/house-rules/{rule_id}", {
          params: { path: { campaign_id: campaignId, rule_id: amendment.id } },
          body: amendmentPatch(amendment, form),
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["campaign", campaignId, "house-rules"] });
      onDone();
    },
  });
  const id = `amendment-${amendment.id}`;
  return (
    <form
      aria-label={`${t("edit")} · ${amendment.section}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid4">
        <label htmlFor={`${id}-kind`}>
          {t("kind")}
          <select id={`${id}-kind`} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as Schemas["AmendmentKind"] })}>
            {(["add", "replace", "remove"] as const).map((k) => (
              <option key={k} value={k}>
                {t(k)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-section`}>
          {t("section")}
          <input id={`${id}-section`} required value={form.section} onChange={(e) => setForm({ ...form, section: e.target.value })} />
        </label>
        <label htmlFor={`${id}-page`}>
          {t("page")}
          <input id={`${id}-page`} value={form.page} onChange={(e) => setForm({ ...form, page: e.target.value })} />
        </label>
        <label htmlFor={`${id}-position`}>
          {t("position")}
          <input id={`${id}-position`} type="number" min={1} max={count} value={form.position} onChange={(e) => setForm({ ...form, position: e.target.value })} />
        </label>
      </div>
      <label htmlFor={`${id}-text`}>
        {t("amendmentText")}
        <textarea id={`${id}-text`} required value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
      </label>
      <ProblemView error={save.error} />
      <button type="submit" className="primary" disabled={save.isPending}>
        {t("saveAmendment")}
      </button>{" "}
      <button type="button" onClick={onDone}>
        {t("cancel")}
      </button>
    </form>
  );
}

/** Every change to the house rules, newest first, with its author and time (R-HOUSE-1). */
function HouseRuleChanges({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const changes = useQuery({
    queryKey: ["campaign", campaignId, "house-rules", "history"],
    queryFn: async () => ok(await api.GET("/v1/campaigns/{campaign_id}/house-rules/history", { params: { path: { campaign_id: campaignId } } })),
    enabled: open,
  });
  const section = (side: Record<string, unknown> | null | undefined) => (side && typeof side["section"] === "string" ? side["section"] : "");
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="house-rule-changes">
      <summary>{t("houseRuleChanges")}</summary>
      <ProblemView error={changes.error} />
      <ul className="list">
        {changes.data?.items.map((c) => (
          <li key={c.id}>
            <time dateTime={c.at}>{new Date(c.at).toLocaleString()}</time> · {c.author} · {c.action} · {section(c.after) || section(c.before)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A reliability profile (R-CAMP-14): counts only, never which campaigns. */
export function ReliabilityView({ profile }: { profile: Schemas["ReliabilityRead"] }) {
  const { t } = useI18n();
  const { turns, battles } = profile;
  return (
    <dl className="reliability">
      <dt>{t("reliabilityTurns")}</dt>
      <dd>
        {turns.on_time} {t("reliabilityOnTime")} · {turns.missed} {t("reliabilityMissed")} · {turns.civil_disorder}{" "}
        {t("reliabilityDisorder")} · {turns.excused} {t("reliabilityExcused")} ({profile.campaigns} {t("reliabilityCampaigns")})
      </dd>
      <dt>{t("reliabilityBattles")}</dt>
      <dd>
        {battles.on_time} {t("reliabilityOnTime")} · {battles.late} {t("reliabilityLate")}
      </dd>
    </dl>
  );
}

/** The user's own reliability, as the owners of campaigns they ask to join see it. */
export function MyReliability() {
  const { t } = useI18n();
  const { api } = useSession();
  const profile = useQuery({
    queryKey: ["reliability"],
    queryFn: async () => ok(await api.GET("/v1/users/me/reliability")),
  });
  return (
    <section className="card" aria-labelledby="reliability-title">
      <h2 id="reliability-title">{t("reliability")}</h2>
      <ProblemView error={profile.error} />
      {profile.data ? <ReliabilityView profile={profile.data} /> : null}
    </section>
  );
}
