// The service worker (vite-plugin-pwa's injectManifest strategy builds it into dist/sw.js):
// - the app shell (index.html, the hashed scripts and styles, the icons: the list the build
//   injects as self.__WB_MANIFEST) is precached, and every navigation to a page of the client
//   gets that index.html, so the client opens without the network;
// - NO answer of the API is ever cached: requests to the API are not even intercepted (the
//   browser sends them as without a worker), so nothing of one user stays on the device for the
//   next one (docs/security.md, "web client");
// - a new version waits until the player accepts it ("A new version is ready — reload" posts
//   SKIP_WAITING), so a half-written form is never reloaded under them;
// - `push` shows the server's notice, `notificationclick` opens its page of the client.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { clientPath, parsePushPayload } from "../features/push/payload.ts";
import { API_PREFIXES } from "../features/pwa/paths.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages of the client only: an API path opened in the browser (an email's /v1/... link, /docs,
// /rules) goes to the server, as the server itself never answers those with the client.
const apiPaths = API_PREFIXES.map((prefix) => new RegExp(`^/${prefix.replace(/\./g, "\\.")}(?:[/?#]|$)`));
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: apiPaths }));

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === "object" && data !== null && (data as { type?: unknown }).type === "SKIP_WAITING") void self.skipWaiting();
});

// The first install takes the open pages at once (nothing older to keep them from).
self.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event: PushEvent) => {
  const origin = self.location.origin;
  const notice = parsePushPayload(event.data ? event.data.text() : null, origin, API_PREFIXES);
  const options: NotificationOptions = { body: notice.body, data: { url: notice.url }, icon: "/icons/icon-192.png", badge: "/icons/icon-192.png" };
  if (notice.tag) options.tag = notice.tag;
  event.waitUntil(self.registration.showNotification(notice.title, options));
});

self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const origin = self.location.origin;
  const data: unknown = event.notification.data;
  const path = clientPath(typeof data === "object" && data !== null ? (data as { url?: unknown }).url : null, origin, API_PREFIXES);
  const target = new URL(path, origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === origin);
      if (open) {
        try {
          const focused = await open.focus();
          await focused.navigate(target);
          return;
        } catch {
          // A page this worker does not control cannot be navigated by it (nor focused without
          // the click's activation): open a new one.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
