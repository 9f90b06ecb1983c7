// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/client.ts";
import { ProblemView } from "../../src/components/ProblemView.tsx";
import { I18nProvider, pickLanguage } from "../../src/i18n.tsx";
import { Auth } from "../../src/features/auth/Auth.tsx";
import { countdown } from "../../src/features/game/TurnBar.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function wrap(node: React.ReactNode) {
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

describe("forms", () => {
  it("a refused sign-in shows the server's problem and keeps what was typed", async () => {
    const problem = { type: "about:blank", title: "Unauthorized", status: 401, detail: "Wrong username or password.", code: "auth.invalid" };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(problem), { status: 401, headers: { "Content-Type": "application/problem+json" } }));
    vi.stubGlobal("fetch", fetchMock);
    wrap(<Auth />);
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "alice" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "not-this-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Wrong username or password."));
    // A code that is no rule id is for programs: carried, not shown (issue 44: words, never keys).
    expect(screen.getByRole("alert").getAttribute("data-code")).toBe("auth.invalid");
    expect(screen.getByRole("alert").textContent).not.toContain("auth.invalid");
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("alice");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("not-this-one");
    // The sign-in screen also asks for the providers' buttons (GET /v1/auth/providers).
    const request = (fetchMock.mock.calls as unknown as [Request][]).map((call) => call[0]).find((r) => r.url.endsWith("/v1/auth/token"));
    if (!request) throw new Error("no sign-in request");
    expect(await request.text()).toBe("grant_type=password&username=alice&password=not-this-one&scope=");
  });

  it("shows a rule refusal with its rule id linking the rulebook, and the fields named", () => {
    const error = new ApiError({
      status: 422,
      title: "Rule refused",
      detail: "Not enough gold: this costs 12 and you have 5.",
      code: "R-ECO-1",
      help: "/docs/rules#R-ECO-1",
      violations: [{ field: "body.kind", message: "bad" }],
    });
    render(
      <I18nProvider>
        <ProblemView error={error} />
      </I18nProvider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Not enough gold");
    expect(screen.getByRole("link", { name: "R-ECO-1" }).getAttribute("href")).toBe("/docs/rules#R-ECO-1");
    expect(screen.getByRole("alert").textContent).toContain("body.kind");
  });
});

describe("small helpers", () => {
  it("picks the stored language, else the browser's, else English", () => {
    expect(pickLanguage("fr", ["en-GB"])).toBe("fr");
    expect(pickLanguage(null, ["de-DE", "fr-CA"])).toBe("fr");
    expect(pickLanguage(null, ["de-DE"])).toBe("en");
  });

  it("counts down to a deadline", () => {
    const now = Date.parse("2026-12-01T10:00:00Z");
    expect(countdown("2026-12-02T12:03:04Z", now)).toBe("1 d 02:03:04");
    expect(countdown("2026-12-01T09:00:00Z", now)).toBe("00:00:00");
  });
});
