// The push feature's queries and mutations: the server's public key (push on or off), my
// devices and this device's subscription, as query options on the key factory
// (src/api/keys.ts), and subscribing or forgetting a device. The requests go through the push
// client of client.ts (its own fetch, so the service worker's sign-out can use it too).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { keys } from "../../api/keys.ts";
import type { PushApi, PushSubscriptionRead } from "./client.ts";
import { currentSubscription, forgetThisDevice, subscribeThisDevice } from "./device.ts";

export { pushApi, type PushSubscriptionRead } from "./client.ts";

export const pushQueries = {
  /** The server's key; a refusal is not retried, and the answer is kept five minutes. */
  key: (api: PushApi) => queryOptions({ queryKey: keys.push("key"), queryFn: () => api.key(), retry: false, staleTime: 300_000 }),
  /** My devices, asked only once push is on. */
  devices: (api: PushApi, token: string | null, enabled: boolean) =>
    queryOptions({ queryKey: keys.push("devices", token), queryFn: () => api.list(), enabled, retry: false }),
  /** This browser's subscription endpoint, or null. */
  thisDevice: (token: string | null, enabled: boolean) =>
    queryOptions({
      queryKey: keys.push("this-device", token),
      queryFn: async () => (await currentSubscription())?.endpoint ?? null,
      enabled,
    }),
};

/** Subscribe this device (`subscribe.mutate()`, `onPermission` with the browser's answer) or
 * remove a device (this one is unsubscribed in the browser too); everything of push is asked
 * again either way. */
export function usePushDevices(api: PushApi, publicKey: string | null, thisEndpoint: string | null | undefined, onPermission: (permission: NotificationPermission) => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.push() });
  const subscribe = useMutation({
    mutationFn: async () => onPermission(await subscribeThisDevice(api, publicKey ?? "")),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (device: PushSubscriptionRead) => {
      if (device.endpoint === thisEndpoint) await forgetThisDevice(api);
      else await api.remove(device.id);
    },
    onSettled: refresh,
  });
  return { subscribe, remove };
}
