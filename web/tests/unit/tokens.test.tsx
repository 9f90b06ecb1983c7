// @vitest-environment jsdom
// Tokens and the account's activity (issue 42): a token's scope is chosen and sent, an
// `account` token sends the current password, and the account's notices are listed.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { AccountNotices, Tokens } from "../../src/features/settings/Tokens.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function serve(routes: Record<string, Handler>) {
  const requests: { key: string; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const key = `${input.method} ${url.pathname}`;
      requests.push({ key, body: input.method === "GET" ? "" : await input.clone().text() });
      const handler = routes[key];
      return handler ? handler(input) : json({ title: "none", status: 404, detail: key, code: "not_found" }, 404);
    }),
  );
  return requests;
}

function wrap(node: React.ReactNode) {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", "en");
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const token = { id: "t1", kind: "personal", scope: "account", name: "admin bot", created_at: "2026-12-07T10:00:00Z", expires_at: null, last_used_at: null, client_address: null, user_agent: null, current: false };

describe("tokens", () => {
  it("creates an account token with the current password, and lists each token's scope", async () => {
    const requests = serve({
      "GET /v1/tokens": () => json({ items: [token], total: 1, limit: 50, offset: 0 }),
      "POST /v1/tokens": () => json({ ...token, token: "the-secret" }, 201),
    });
    wrap(<Tokens />);
    await screen.findByText(/admin bot/);
    expect(screen.getByText(/personal, account/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "admin bot" } });
    fireEvent.change(screen.getByLabelText("Scope"), { target: { value: "account" } });
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "my secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Create a token" }));
    expect((await screen.findByTestId("new-token")).textContent).toBe("the-secret");
    const sent = JSON.parse(requests.find((r) => r.key === "POST /v1/tokens")?.body ?? "{}");
    expect(sent).toEqual({ name: "admin bot", expires_in_days: null, scope: "account", current_password: "my secret" });
  });

  it("sends no password for a play token (the default)", async () => {
    const requests = serve({
      "GET /v1/tokens": () => json({ items: [], total: 0, limit: 50, offset: 0 }),
      "POST /v1/tokens": () => json({ ...token, scope: "play", token: "s" }, 201),
    });
    wrap(<Tokens />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "bot" } });
    fireEvent.click(screen.getByRole("button", { name: "Create a token" }));
    await screen.findByTestId("new-token");
    expect(JSON.parse(requests.find((r) => r.key === "POST /v1/tokens")?.body ?? "{}")).toEqual({ name: "bot", expires_in_days: null, scope: "play" });
  });
});

describe("account activity", () => {
  it("lists the account's notices, newest first as the server gives them", async () => {
    serve({
      "GET /v1/notifications/account": () =>
        json({
          items: [
            { id: 2, kind: "new_token", text: "New personal access token “bot” (play scope) created from 192.0.2.1 (curl).", created_at: "2026-12-07T10:01:00Z" },
            { id: 1, kind: "new_session", text: "New sign-in to your account from 192.0.2.1 (Firefox).", created_at: "2026-12-07T10:00:00Z" },
          ],
          total: 2,
          limit: 20,
          offset: 0,
        }),
    });
    wrap(<AccountNotices />);
    const list = await screen.findByTestId("account-notices");
    await screen.findByText(/New sign-in/);
    expect(list.textContent?.indexOf("New personal access token")).toBeLessThan(list.textContent?.indexOf("New sign-in") ?? 0);
  });
});
