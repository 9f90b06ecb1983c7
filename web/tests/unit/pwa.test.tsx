// @vitest-environment jsdom
// The installable client's banners and memory (issue 46 §1): "You are offline" when a request
// gets no answer or the browser goes offline, gone at the next answer; "A new version is ready"
// reloads only when the player asks; and on sign-out nothing the previous user was shown stays
// in memory for the next one.
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../src/i18n.tsx";
import { PwaBanners } from "../../src/features/pwa/Banners.tsx";
import { ForgetPreviousUser } from "../../src/features/pwa/ForgetUser.tsx";
import { isNetworkError, offerUpdate, reportRequest, setOffline, watchConnection } from "../../src/lib/network.ts";
import { SessionProvider, useSession } from "../../src/lib/session.tsx";
import { ApiError } from "../../src/api/client.ts";

afterEach(() => {
  cleanup();
  act(() => setOffline(false));
  localStorage.clear();
});

function banners(lang: "en" | "fr" = "en") {
  localStorage.setItem("marchlords.lang", lang);
  return render(
    <I18nProvider>
      <PwaBanners />
    </I18nProvider>,
  );
}

describe("the offline banner", () => {
  it("shows when a request gets no answer, and goes at the next answer", () => {
    banners();
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    act(() => reportRequest(false));
    expect(screen.getByTestId("offline-banner").textContent).toContain("You are offline.");
    act(() => reportRequest(true));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });

  it("follows the browser's offline and online events, in French too", () => {
    watchConnection(window);
    banners("fr");
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(screen.getByTestId("offline-banner").textContent).toContain("Vous êtes hors ligne.");
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });

  it("counts a refusal of the server as an answer, a failed fetch as none", () => {
    expect(isNetworkError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkError(new ApiError({ status: 500, title: "", detail: "", code: null, help: null, violations: [] }))).toBe(false);
  });
});

describe("a new version", () => {
  it("is offered, and reloads only when the player clicks", () => {
    const reload = vi.fn();
    banners();
    act(() => offerUpdate(reload));
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

function Campaigns() {
  const { token, signOut, signIn } = useSession();
  const list = useQuery({ queryKey: ["campaigns"], queryFn: async () => `campaigns of ${token}`, enabled: token !== null, staleTime: Infinity });
  return (
    <>
      <p data-testid="shown">{token ? (list.data ?? "…") : "signed out"}</p>
      <button type="button" onClick={signOut}>
        out
      </button>
      <button type="button" onClick={() => signIn("bob")}>
        bob
      </button>
    </>
  );
}

describe("a change of user", () => {
  it("leaves nothing of the previous user in the query cache", async () => {
    localStorage.setItem("marchlords.token", "alice");
    const queryClient = new QueryClient();
    render(
      <I18nProvider>
        <SessionProvider>
          <QueryClientProvider client={queryClient}>
            <ForgetPreviousUser />
            <Campaigns />
          </QueryClientProvider>
        </SessionProvider>
      </I18nProvider>,
    );
    expect((await screen.findByText("campaigns of alice")).textContent).toBe("campaigns of alice");
    fireEvent.click(screen.getByRole("button", { name: "out" }));
    await screen.findByText("signed out");
    expect(queryClient.getQueryData(["campaigns"])).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "bob" }));
    expect(await screen.findByText("campaigns of bob")).toBeTruthy();
    expect(screen.queryByText(/alice/)).toBeNull();
  });
});
