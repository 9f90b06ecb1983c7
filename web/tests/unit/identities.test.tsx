// @vitest-environment jsdom
// Sign-in with another provider (issue 46 §4): the return path never leaves this client, the
// sign-in screen shows a button per provider, and the return page exchanges its ticket once or
// names a new account, then wipes the ticket from the address bar.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { OidcReturn, ProviderButtons, readFragment, safeReturnPath } from "../../src/features/settings/Identities.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
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
      return handler ? handler(input) : json({ title: "Not found", status: 404, detail: "No", code: "not_found" }, 404);
    }),
  );
  return requests;
}

function wrap(node: React.ReactNode) {
  localStorage.setItem("marchlords.lang", "en");
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const grant = () => json({ access_token: "session-token", token_type: "bearer", expires_at: "2026-12-14T10:00:00Z" }, 200);

describe("sign-in with a provider", () => {
  it("never returns to another site", () => {
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "", "/ok\nx"]) {
      expect(safeReturnPath(evil)).toBe("/");
    }
    expect(safeReturnPath("/campaigns/42?tab=map")).toBe("/campaigns/42?tab=map");
    expect(readFragment("#ticket=abc&signup=1&return_to=%2Fx")).toEqual({ ticket: "abc", signup: "1", return_to: "/x" });
  });

  it("shows a button per configured provider", async () => {
    serve({ "GET /v1/auth/providers": () => json([{ id: "discord", name: "Discord" }]) });
    wrap(<ProviderButtons />);
    const button = await screen.findByTestId("oidc-discord");
    expect(button.textContent).toBe("Sign in with Discord");
    expect(button.getAttribute("href")).toBe("/v1/auth/oidc/discord/start?return_to=%2F");
  });

  it("exchanges a known identity's ticket for a session and wipes it from the address bar", async () => {
    window.history.replaceState(null, "", "/oidc#ticket=T1&signup=0&return_to=%2F%2Fevil.example");
    const requests = serve({ "POST /v1/auth/oidc/ticket": grant });
    wrap(<OidcReturn />);
    await waitFor(() => expect(localStorage.getItem("marchlords.token")).toBe("session-token"));
    expect(requests.filter((r) => r.key === "POST /v1/auth/oidc/ticket").map((r) => JSON.parse(r.body))).toEqual([{ ticket: "T1" }]);
    expect(window.location.pathname).toBe("/"); // not //evil.example
    expect(window.location.hash).toBe("");
  });

  it("names a new identity's account before signing in", async () => {
    window.history.replaceState(null, "", "/oidc#ticket=T2&signup=1&return_to=%2F");
    const requests = serve({ "POST /v1/auth/oidc/complete": () => json({ access_token: "new", token_type: "bearer", expires_at: "2026-12-14T10:00:00Z" }, 201) });
    wrap(<OidcReturn />);
    expect(window.location.hash).toBe("");
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "ada" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(localStorage.getItem("marchlords.token")).toBe("new"));
    const sent = JSON.parse(requests.find((r) => r.key === "POST /v1/auth/oidc/complete")?.body ?? "{}");
    expect(sent).toEqual({ ticket: "T2", username: "ada", display_name: null });
  });
});
