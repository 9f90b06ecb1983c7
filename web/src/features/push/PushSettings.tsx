// "Notifications on this device" in the settings (issue 46 §2): a button that asks the browser's
// permission only when clicked, the list of this user's devices with Remove, and why it cannot
// be offered (a server without push, a browser without the Push API, a blocked permission).
// Nothing is asked of the server until the player opens the panel.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Disclosure } from "../../components/Disclosure.tsx";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { isNetworkError } from "../../lib/network.ts";
import { useSession } from "../../lib/session.tsx";
import { pushApi, pushQueries, usePushDevices } from "./api.ts";
import { deviceName } from "./deviceName.ts";
import { pushSupported } from "./device.ts";

/** The card: what it does, and the panel asked of the server only once the player opens it
 * (most visits of the campaigns page are not about devices). */
export function PushSettings() {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="push-title" data-testid="push-settings">
      <h2 id="push-title">{t("pushTitle")}</h2>
      <p className="muted">{t("pushHelp")}</p>
      <Disclosure summary={t("pushShow")}>
        <PushPanel />
      </Disclosure>
    </section>
  );
}

function PushPanel() {
  const { t, lang } = useI18n();
  const { token } = useSession();
  const api = useMemo(() => pushApi(window.location.origin, token, lang), [token, lang]);
  const supported = pushSupported();
  const key = useQuery(pushQueries.key(api));
  const publicKey = key.data?.enabled ? key.data.public_key : null;
  const devices = useQuery(pushQueries.devices(api, token, publicKey !== null));
  const thisDevice = useQuery(pushQueries.thisDevice(token, publicKey !== null && supported));
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : "default"));
  const { subscribe, remove } = usePushDevices(api, publicKey, thisDevice.data, setPermission);
  const items = devices.data?.items ?? [];
  const subscribed = thisDevice.data != null && items.some((d) => d.endpoint === thisDevice.data);
  return (
    <>
      {!supported ? (
        <p className="muted">{t("pushUnsupported")}</p>
      ) : key.isPending ? (
        <p>{t("loading")}</p>
      ) : isNetworkError(key.error) ? (
        <ProblemView error={key.error} />
      ) : publicKey === null ? (
        <p className="muted">{t("pushDisabled")}</p>
      ) : (
        <>
          {permission === "denied" ? (
            <p className="notice">{t("pushBlocked")}</p>
          ) : subscribed ? (
            <p>
              {t("pushThisDeviceOn")}{" "}
              <button type="button" onClick={() => remove.mutate(items.find((d) => d.endpoint === thisDevice.data)!)} disabled={remove.isPending}>
                {t("pushStop")}
              </button>
            </p>
          ) : (
            <p>
              <button type="button" className="primary" onClick={() => subscribe.mutate()} disabled={subscribe.isPending}>
                {t("pushEnable")}
              </button>
            </p>
          )}
          <ProblemView error={subscribe.error} />
          <h3>{t("pushDevices")}</h3>
          <ProblemView error={devices.error} />
          {devices.isSuccess && items.length === 0 ? <p className="muted">{t("pushNoDevices")}</p> : null}
          <ul className="list" data-testid="push-devices">
            {items.map((d) => {
              const name = deviceName(d.user_agent, t("pushOn")) ?? (d.user_agent || t("pushUnknownDevice"));
              return (
                <li key={d.id}>
                  <span className="device-name" title={d.user_agent ?? undefined}>
                    {name}
                  </span>
                  {d.endpoint === thisDevice.data ? <strong> ({t("pushThisDevice")})</strong> : null} ·{" "}
                  <time dateTime={d.created_at}>{new Date(d.created_at).toLocaleDateString(lang)}</time>{" "}
                  <button type="button" aria-label={`${t("pushRemove")} · ${name}`} onClick={() => remove.mutate(d)} disabled={remove.isPending}>
                    {t("pushRemove")}
                  </button>
                </li>
              );
            })}
          </ul>
          <ProblemView error={remove.error} />
        </>
      )}
    </>
  );
}
