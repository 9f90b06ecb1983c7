// @vitest-environment jsdom
// "Notifications on this device" (issue 46 §2): the permission is asked only after the click,
// never on load; the button is not offered when the server has push off or the browser has no
// Push API; the subscription goes to the server as it must; the user's devices can be removed;
// signing out unsubscribes this device.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { forgetDeviceOnSignOut } from "../../src/features/push/device.ts";
import { PushSettings } from "../../src/features/push/PushSettings.tsx";
import { SessionProvider, useSession } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const KEY = "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A";
const ENDPOINT = "https://push.example/send/abc";

function serve(routes: Record<string, Handler>) {
  const requests: { key: string; body: string; auth: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const key = `${input.method} ${new URL(input.url).pathname}`;
      requests.push({ key, body: input.method === "GET" ? "" : await input.clone().text(), auth: input.headers.get("Authorization") });
      const handler = routes[key];
      return handler ? handler(input) : json({ title: "none", status: 404, detail: key, code: "not_found" }, 404);
    }),
  );
  return requests;
}

/** A browser with the Push API: a worker registration whose push manager subscribes, and a
 * Notification whose permission request is recorded. */
function pushBrowser(answer: NotificationPermission = "granted") {
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribed: string[] = [];
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: options.applicationServerKey.buffer as ArrayBuffer },
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "p256", auth: "secret" } }),
      unsubscribe: async () => {
        unsubscribed.push(ENDPOINT);
        current = null;
        return true;
      },
    };
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  vi.stubGlobal("PushManager", function PushManager() {});
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("Notification", Object.assign(function Notification() {}, { permission: "default", requestPermission }));
  return { subscribe, requestPermission, unsubscribed };
}

function SignOut() {
  const { signOut } = useSession();
  return (
    <button type="button" onClick={signOut}>
      out
    </button>
  );
}

/** The settings card, opened (nothing is asked of the server before). */
function wrap() {
  localStorage.setItem("marchlords.token", "tok");
  localStorage.setItem("marchlords.lang", "en");
  const view = render(
    <I18nProvider>
      <SessionProvider onSignOut={forgetDeviceOnSignOut}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PushSettings />
          <SignOut />
        </QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Set up notifications on this device" }));
  return view;
}

const device = { id: 7, endpoint: ENDPOINT, user_agent: "Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0", created_at: "2026-12-07T10:00:00Z" };

describe("notifications on this device", () => {
  it("asks nothing of the server, nor the permission, until the panel is opened", () => {
    const browser = pushBrowser();
    const requests = serve({ "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }) });
    localStorage.setItem("marchlords.token", "tok");
    render(
      <I18nProvider>
        <SessionProvider>
          <QueryClientProvider client={new QueryClient()}>
            <PushSettings />
          </QueryClientProvider>
        </SessionProvider>
      </I18nProvider>,
    );
    expect(screen.getByRole("button", { name: "Set up notifications on this device" })).toBeTruthy();
    expect(requests).toEqual([]);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it("offers no button and explains when the server has push off", async () => {
    const browser = pushBrowser();
    serve({ "GET /v1/push/key": () => json({ enabled: false, public_key: null }) });
    wrap();
    await screen.findByText(/does not send notifications to devices/);
    expect(screen.queryByRole("button", { name: "Notify me on this device" })).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it("explains when the browser has no Push API", async () => {
    serve({ "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }) });
    wrap();
    await screen.findByText(/cannot receive notifications from a web page/);
    expect(screen.queryByRole("button", { name: "Notify me on this device" })).toBeNull();
  });

  it("asks the permission only after the click, then registers the subscription", async () => {
    const browser = pushBrowser();
    let items: (typeof device)[] = [];
    const requests = serve({
      "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }),
      "GET /v1/users/me/push-subscriptions": () => json({ items }),
      "POST /v1/users/me/push-subscriptions": () => {
        items = [device];
        return json(device, 201);
      },
    });
    wrap();
    const button = await screen.findByRole("button", { name: "Notify me on this device" });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    await screen.findByText("This device gets notifications.");
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const post = requests.find((r) => r.key === "POST /v1/users/me/push-subscriptions");
    expect(JSON.parse(post?.body ?? "{}")).toEqual({ endpoint: ENDPOINT, keys: { p256dh: "p256", auth: "secret" } });
    expect(post?.auth).toBe("Bearer tok");
    expect(screen.getByTestId("push-devices").textContent).toContain("Firefox on Android");
  });

  it("subscribes nothing when the player refuses, and says how to allow it later", async () => {
    const browser = pushBrowser("denied");
    serve({
      "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }),
      "GET /v1/users/me/push-subscriptions": () => json({ items: [] }),
    });
    wrap();
    fireEvent.click(await screen.findByRole("button", { name: "Notify me on this device" }));
    await screen.findByText(/Notifications are blocked for this site/);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it("drops the browser's subscription when the server refuses it", async () => {
    const browser = pushBrowser();
    serve({
      "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }),
      "GET /v1/users/me/push-subscriptions": () => json({ items: [] }),
      "POST /v1/users/me/push-subscriptions": () => json({ title: "Conflict", status: 409, detail: "Push is off.", code: "push_disabled" }, 409),
    });
    wrap();
    fireEvent.click(await screen.findByRole("button", { name: "Notify me on this device" }));
    await screen.findByText(/Push is off/);
    expect(browser.unsubscribed).toEqual([ENDPOINT]);
  });

  it("removes another device of the user by its id", async () => {
    pushBrowser();
    const other = { ...device, id: 9, endpoint: "https://push.example/other", user_agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" };
    let items = [other];
    const requests = serve({
      "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }),
      "GET /v1/users/me/push-subscriptions": () => json({ items }),
      "DELETE /v1/users/me/push-subscriptions/9": () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    wrap();
    fireEvent.click(await screen.findByRole("button", { name: "Remove · Chrome on Windows" }));
    await screen.findByText("No device gets notifications yet.");
    expect(requests.map((r) => r.key)).toContain("DELETE /v1/users/me/push-subscriptions/9");
  });

  it("unsubscribes this device, here and on the server, when the user signs out", async () => {
    const browser = pushBrowser();
    let items: (typeof device)[] = [];
    const requests = serve({
      "GET /v1/push/key": () => json({ enabled: true, public_key: KEY }),
      "GET /v1/users/me/push-subscriptions": () => json({ items }),
      "POST /v1/users/me/push-subscriptions": () => {
        items = [device];
        return json(device, 201);
      },
      "DELETE /v1/users/me/push-subscriptions/7": () => new Response(null, { status: 204 }),
    });
    wrap();
    fireEvent.click(await screen.findByRole("button", { name: "Notify me on this device" }));
    await screen.findByText("This device gets notifications.");
    fireEvent.click(screen.getByRole("button", { name: "out" }));
    await waitFor(() => expect(browser.unsubscribed).toEqual([ENDPOINT]));
    const removal = requests.find((r) => r.key === "DELETE /v1/users/me/push-subscriptions/7");
    expect(removal?.auth).toBe("Bearer tok");
    expect(localStorage.getItem("marchlords.token")).toBeNull();
  });
});
