// @vitest-environment jsdom
// "My armies": an army held in a battle awaiting its result (R-MOVE-2: it takes no order) is not
// offered for a move or an entrenchment; the player reads why, in their language, with the rule
// linked in the rulebook of that language. A free army keeps its "Select to move".
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { ArmiesPanel } from "../../src/features/game/OrdersPanel.tsx";
import { I18nProvider } from "../../src/i18n.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const army = (id: number, locked: boolean): Schemas["MyArmy"] => ({
  id,
  q: 5,
  r: 1,
  tier: 1,
  at_sea: false,
  entrenched: false,
  general_id: 3,
  locked_in_battle: locked,
  move: null,
  raised_turn: 1,
  seat_id: 1,
  upgrade_cost: null,
  veteran: [],
});

function renderPanel(lang: "en" | "fr", onArmy: (id: number | null) => void) {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", lang);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ status: 404, title: "Not found" }), { status: 404, headers: { "Content-Type": "application/json" } })),
  );
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ArmiesPanel
            campaignId="c"
            armies={{ mine: [army(2, true), army(4, false)], others: [] }}
            me={undefined}
            armyId={null}
            onArmy={onArmy}
            reachable={[]}
            target={null}
            onTarget={() => undefined}
            onMove={() => undefined}
            moveError={null}
            moving={false}
          />
        </QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const row = (id: number) => document.querySelector(`[data-army-id="${id}"]`) as HTMLElement;

describe("my armies", () => {
  it("offers no move for an army held in a battle, and says why with the rule linked", () => {
    const onArmy = vi.fn();
    renderPanel("en", onArmy);
    const held = within(row(2));
    expect(held.queryByRole("button", { name: /Select to move/ })).toBeNull();
    expect(held.queryByRole("button", { name: /Entrench/ })).toBeNull();
    expect(held.getByTestId("army-held").textContent).toContain("Held in a battle awaiting its result");
    expect(held.getByRole("link", { name: "R-MOVE-2" }).getAttribute("href")).toBe("/rules#R-MOVE-2");
    fireEvent.click(within(row(4)).getByRole("button", { name: "Select to move #4" }));
    expect(onArmy).toHaveBeenCalledWith(4);
    expect(within(row(4)).queryByTestId("army-held")).toBeNull();
  });

  it("says it in French, linking the French rulebook", () => {
    renderPanel("fr", vi.fn());
    const held = within(row(2));
    expect(held.getByTestId("army-held").textContent).toContain("Retenue dans une bataille en attente de son résultat");
    expect(held.getByRole("link", { name: "R-MOVE-2" }).getAttribute("href")).toBe("/rules/fr#R-MOVE-2");
    expect(screen.getAllByRole("button").length).toBeGreaterThan(0);
  });
});
