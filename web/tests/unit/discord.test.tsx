// @vitest-environment jsdom
// Discord in the settings (issue 46 §3): the link code is shown as the command to type, with its
// expiry; the linked state, and Unlink; in English and French.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { DiscordLink } from "../../src/features/settings/DiscordLink.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

type Handler = (request: Request) => Response | Promise<Response>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function serve(routes: Record<string, Handler>) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const key = `${input.method} ${new URL(input.url).pathname}`;
      requests.push(key);
      const handler = routes[key];
      return handler ? handler(input) : json({ title: "none", status: 404, detail: key, code: "not_found" }, 404);
    }),
  );
  return requests;
}

function wrap(lang: "en" | "fr") {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", lang);
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <DiscordLink />
        </QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

describe("discord link", () => {
  it("shows the command to type with the code, then the linked state, and unlinks", async () => {
    let linked = false;
    const requests = serve({
      "GET /v1/users/me/discord": () =>
        json(linked ? { linked: true, discord_user_id: "1", linked_at: "2026-12-07T10:00:00Z" } : { linked: false, discord_user_id: null, linked_at: null }),
      "POST /v1/users/me/discord/link-code": () => json({ code: "7KQ2M-XW9DA", expires_at: "2026-12-07T10:10:00Z" }, 201),
      "DELETE /v1/users/me/discord": () => {
        linked = false;
        return new Response(null, { status: 204 });
      },
    });
    wrap("en");
    expect((await screen.findByTestId("discord-state")).textContent).toBe("No Discord account is linked.");
    fireEvent.click(screen.getByRole("button", { name: "Link Discord" }));
    expect((await screen.findByTestId("discord-command")).textContent).toBe("/marchlords link code:7KQ2M-XW9DA");
    expect(screen.getByText(/works once, until/)).toBeTruthy();
    linked = true;
    cleanup();
    wrap("en");
    expect((await screen.findByTestId("discord-state")).textContent).toMatch(/^Linked to your Discord account since/);
    linked = true;
    fireEvent.click(screen.getByRole("button", { name: "Unlink" }));
    expect((await screen.findByTestId("discord-state")).textContent).toBe("No Discord account is linked.");
    expect(requests).toContain("DELETE /v1/users/me/discord");
  });

  it("speaks French", async () => {
    serve({
      "GET /v1/users/me/discord": () => json({ linked: false, discord_user_id: null, linked_at: null }),
      "POST /v1/users/me/discord/link-code": () => json({ code: "7KQ2M-XW9DA", expires_at: "2026-12-07T10:10:00Z" }, 201),
    });
    wrap("fr");
    expect((await screen.findByTestId("discord-state")).textContent).toBe("Aucun compte Discord n'est lié.");
    fireEvent.click(screen.getByRole("button", { name: "Lier Discord" }));
    await screen.findByTestId("discord-command");
    expect(screen.getByText(/valable une fois, jusqu'à/)).toBeTruthy();
  });
});
