// @vitest-environment jsdom
// Sign-in with another provider (issue 46 §4): the return path never leaves this client, the
// sign-in screen shows a button per provider, and the return page exchanges its ticket once or
// names a new account, then wipes the ticket from the address bar.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { IdentitySettings, OidcReturn, ProviderButtons, oidcErrorKey, readFragment, safeReturnPath } from "../../src/features/settings/Identities.tsx";
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

function wrap(node: React.ReactNode, lang = "en") {
  localStorage.setItem("marchlords.lang", lang);
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

  it("says why a refused sign-in was refused, in the reader's language, and signs nobody in", async () => {
    window.history.replaceState(null, "", "/oidc#error=oidc_state&return_to=%2F");
    const requests = serve({});
    wrap(<OidcReturn />, "fr");
    expect(screen.getByRole("alert").textContent).toContain("Cette connexion a expiré, a déjà servi");
    expect(screen.getByRole("link", { name: "Retour à la connexion" }).getAttribute("href")).toBe("/");
    expect(requests).toEqual([]);
    expect(localStorage.getItem("marchlords.token")).toBeNull();
    expect(window.location.hash).toBe("");
    // Every code the callback sends has its text; an unknown one (or a prototype key) the generic.
    expect(["oidc_denied", "oidc_state", "oidc_provider", "oidc_token", "identity_taken"].map(oidcErrorKey)).not.toContain("oidcFailed");
    for (const other of ["not_found", "constructor", "__proto__", undefined]) expect(oidcErrorKey(other)).toBe("oidcFailed");
  });

  it("a refused link goes back to the page that asked", () => {
    window.history.replaceState(null, "", "/oidc#error=identity_taken&return_to=%2Fsettings");
    serve({});
    wrap(<OidcReturn />);
    expect(screen.getByRole("alert").textContent).toContain("already signs in to another Marchlords account");
    expect(screen.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/settings");
  });

  it("lets an account with no password set its first one, without a current password", async () => {
    localStorage.setItem("marchlords.token", "session-token");
    let password = false;
    const requests = serve({
      "GET /v1/auth/providers": () => json([{ id: "mock", name: "Mock ID" }]),
      "GET /v1/users/me/identities": () => json({ identities: [{ id: "i1", provider: "mock", label: "ada@example.org", created_at: "2026-12-07T10:00:00Z", last_used_at: null }], password }),
      "PUT /v1/users/me/password": () => {
        password = true;
        return new Response(null, { status: 204 });
      },
    });
    wrap(<IdentitySettings />);
    const form = await screen.findByRole("form", { name: "Set the password" });
    expect(screen.getByRole("button", { name: "Unlink" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "a first password" } });
    fireEvent.submit(form);
    await screen.findByText("Password set: you can sign in with it too.");
    const sent = requests.filter((r) => r.key === "PUT /v1/users/me/password").map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ new_password: "a first password" }]);
    await waitFor(() => expect(screen.queryByRole("form", { name: "Set the password" })).toBeNull());
    expect(screen.getByRole("button", { name: "Unlink" }).hasAttribute("disabled")).toBe(false);
  });
});
