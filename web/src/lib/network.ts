// What the banners of src/pwa/Banners.tsx show, kept outside React so the query cache (a failed
// request), the browser's online/offline events and the service worker's registration
// (src/main.tsx) can all report to it.
import { useSyncExternalStore } from "react";

interface Status {
  /** No network: the browser says so, or the last request to the server could not be sent. */
  offline: boolean;
  /** A new version of the client is installed and waits for the player's reload. */
  updateReady: boolean;
}

let status: Status = { offline: typeof navigator !== "undefined" && navigator.onLine === false, updateReady: false };
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<Status>): void {
  const merged = { ...status, ...next };
  if (merged.offline === status.offline && merged.updateReady === status.updateReady) return;
  status = merged;
  for (const listener of listeners) listener();
}

/** A request failed before any answer (fetch's TypeError) or an answer came: the network is
 * down or back. An answer with an error status is an answer: the network is up. */
export function reportRequest(sent: boolean): void {
  set({ offline: !sent || (typeof navigator !== "undefined" && navigator.onLine === false) });
}

/** Whether an error thrown by a query is the network's (no answer at all). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

export function setOffline(offline: boolean): void {
  set({ offline });
}

/** A new version waits; `reload` activates it and reloads the page. */
export function offerUpdate(reload: () => void): void {
  applyUpdate = reload;
  set({ updateReady: true });
}

export function acceptUpdate(): void {
  applyUpdate?.();
}

/** Follow the browser's online/offline events (once, at start). */
export function watchConnection(target: Window): void {
  target.addEventListener("offline", () => set({ offline: true }));
  target.addEventListener("online", () => set({ offline: false }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaStatus(): Status {
  return useSyncExternalStore(subscribe, () => status, () => status);
}
