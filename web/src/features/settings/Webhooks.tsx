// A campaign's webhooks and their delivery log.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries, useWebhookActions } from "./api.ts";

/** The user's webhooks in one campaign: add (the secret shown once), ping, delete, the log. */
export function WebhooksPanel({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t } = useI18n();
  const { api } = useSession();
  const hooks = useQuery(accountQueries.webhooks(api, campaign.id));
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<Schemas["EndpointFormat"]>("json");
  const [scope, setScope] = useState<Schemas["EndpointScope"]>("personal");
  const [secret, setSecret] = useState<string | null>(null);
  const { add, remove, ping } = useWebhookActions(campaign.id, (created) => {
    setSecret(created.secret);
    setUrl("");
  });
  return (
    <div data-testid="webhooks">
      <h3>{t("webhooks")}</h3>
      <p className="muted">{t("webhooksHint")}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ url: url.trim(), format, scope });
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
  const deliveries = useQuery(accountQueries.deliveries(api, campaignId, webhookId, open));
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
