// @vitest-environment jsdom
// The UI's language reaches the server: every request says it (`Accept-Language`), the settings
// save it to the account, and the account's saved language becomes the UI's at sign-in.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../src/App.tsx";
import { createApi } from "../../src/api/client.ts";
import { I18nProvider } from "../../src/i18n.tsx";
import { LanguageSettings } from "../../src/features/settings/Language.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ME = { id: "u1", username: "alice", display_name: "Alice", language: null as string | null };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** A fetch that answers `GET /v1/users/me` and `PATCH /v1/users/me` (everything else: a 404 problem),
 * recording each request's method, path, Accept-Language and body. */
function serve(me = ME) {
  const requests: { key: string; language: string | null; body: string }[] = [];
  let saved = me;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      const body = request.method === "GET" ? "" : await request.clone().text();
      requests.push({ key, language: request.headers.get("Accept-Language"), body });
      if (key === "PATCH /v1/users/me") saved = { ...saved, ...(JSON.parse(body) as object) };
      if (key.endsWith(" /v1/users/me")) return json(saved);
      return new Response(JSON.stringify({ title: "Not found", status: 404, detail: key, code: "not_found" }), {
        status: 404,
        headers: { "Content-Type": "application/problem+json" },
      });
    }),
  );
  return requests;
}

function tree(node: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

describe("the UI's language and the server", () => {
  it("sends the chosen language as Accept-Language on every request", async () => {
    const requests = serve();
    const api = createApi("http://test", () => "tok", () => "fr");

    await api.GET("/v1/users/me");

    expect(requests).toEqual([{ key: "GET /v1/users/me", language: "fr", body: "" }]);
  });

  it("saves the choice of the settings to the account and speaks it from then on", async () => {
    localStorage.setItem("marchlords.token", "tok");
    localStorage.setItem("marchlords.lang", "en");
    const requests = serve();
    render(tree(<LanguageSettings />));

    fireEvent.change(screen.getByRole("combobox", { name: "Language of my account" }), { target: { value: "fr" } });

    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Enregistré."));
    expect(requests).toContainEqual({ key: "PATCH /v1/users/me", language: "fr", body: '{"language":"fr"}' });
    expect(localStorage.getItem("marchlords.lang")).toBe("fr");
  });

  it("signed out, a choice stays in the browser", () => {
    localStorage.setItem("marchlords.lang", "en");
    const requests = serve();
    render(tree(<LanguageSettings />));

    fireEvent.change(screen.getByRole("combobox", { name: "Language of my account" }), { target: { value: "fr" } });

    expect(requests.filter((r) => r.key === "PATCH /v1/users/me")).toEqual([]);
    expect(localStorage.getItem("marchlords.lang")).toBe("fr");
  });

  it("takes the account's saved language at sign-in", async () => {
    localStorage.setItem("marchlords.token", "tok");
    localStorage.setItem("marchlords.lang", "en");
    serve({ ...ME, language: "fr" });

    render(tree(<App />));

    await waitFor(() => expect(document.documentElement.lang).toBe("fr"));
    expect(screen.getAllByRole("combobox", { name: "Langue" }).length).toBeGreaterThan(0);
  });

  it("says the skip link and the account's navigation in the reader's language", async () => {
    localStorage.setItem("marchlords.token", "tok");
    localStorage.setItem("marchlords.lang", "fr");
    serve({ ...ME, language: "fr" });

    render(tree(<App />));

    expect(screen.getByRole("link", { name: "Aller au contenu" }).getAttribute("href")).toBe("#main");
    expect(screen.getByRole("navigation", { name: "Compte" })).toBeTruthy();
    expect(screen.queryByText("Skip to content")).toBeNull();
  });
});
