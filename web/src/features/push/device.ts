// This browser's push subscription: made only after the player's click (the permission prompt
// comes from that click, never on load), registered with the server, and dropped, here and on
// the server, when the player removes this device or signs out (the next user of a shared
// device must not get the previous one's notices).
import { MessageError } from "../../i18n.tsx";
import { urlBase64ToUint8Array } from "./key.ts";
import { pushApi, type PushApi, type PushSubscriptionBody } from "./client.ts";

const READY_TIMEOUT_MS = 10_000;

/** Whether this browser can receive push at all (service workers, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** This device's subscription, if any (null without a registered worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The server's body of a browser subscription (its endpoint and keys). */
export function subscriptionBody(subscription: { toJSON(): PushSubscriptionJSON }): PushSubscriptionBody {
  const json = subscription.toJSON();
  const p256dh = json.keys?.["p256dh"];
  const auth = json.keys?.["auth"];
  if (!json.endpoint || !p256dh || !auth) throw new MessageError("pushIncomplete");
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((value, i) => value === b[i]);
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MessageError("pushNoWorker")), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ask the permission (call from a click only), subscribe with the server's key and register the
 * subscription; the permission as it stands after asking. A subscription the server refuses is
 * dropped again, so none is left that no one knows of. */
export async function subscribeThisDevice(api: PushApi, publicKey: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission;
  const key = urlBase64ToUint8Array(publicKey);
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  // One made with an older key of the server cannot be reused: the push service would refuse.
  if (existing && !sameBytes(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await api.add(subscriptionBody(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return permission;
}

/** Drop this device's subscription: on the server (when `api` still may: a sign-out with an
 * expired token cannot, and the server drops it at its first refused delivery) and here. */
export async function forgetThisDevice(api: PushApi | null): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  try {
    if (api) {
      const { items } = await api.list();
      const mine = items.find((item) => item.endpoint === subscription.endpoint);
      if (mine) await api.remove(mine.id);
    }
  } catch {
    // The server is unreachable or refuses: this device stops receiving all the same.
  } finally {
    await subscription.unsubscribe().catch(() => false);
  }
}

/** The session's sign-out hook (src/main.tsx): this device stops getting the notifications of
 * the user signing out, asked with the token that is going away. */
export function forgetDeviceOnSignOut(previous: string | null, language: string): void {
  void forgetThisDevice(previous ? pushApi(window.location.origin, previous, language) : null);
}
