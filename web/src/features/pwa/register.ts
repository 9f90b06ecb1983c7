// Registers the service worker (dist/sw.js, built from src/sw/sw.ts) in a production build; the
// dev server has none. A new version is offered through the update banner, never forced.
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from "virtual:pwa-register";
import { offerUpdate, watchConnection } from "../../lib/network.ts";

export function startPwa(): void {
  watchConnection(window);
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => void update(true)),
  });
}
