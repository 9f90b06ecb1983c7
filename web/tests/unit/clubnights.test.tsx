// @vitest-environment jsdom
// Club nights offered as play-by dates (R-BAT-11): one click proposes one, in the reader's time
// zone with the campaign's beside it; the date can still be typed in.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { I18nProvider } from "../../src/i18n.tsx";
import { BattlesPanel, clubNightLabel } from "../../src/features/battles/Battles.tsx";
import { browserTimeZone } from "../../src/features/campaigns/Schedule.tsx";
import { SessionProvider } from "../../src/lib/session.tsx";

const CAMPAIGN = "11111111-2222-3333-4444-555555555555";
const FRIDAY = "2026-03-27T19:00:00Z";
const TUESDAY = "2026-03-31T18:00:00Z";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function serve(answer: Schemas["BattleRead"]) {
  const bodies: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      bodies.push(`${input.method} ${new URL(input.url).pathname} ${await input.clone().text()}`);
      return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return bodies;
}

function wrap(node: React.ReactNode, lang = "en") {
  localStorage.setItem("marchlords.token", "t");
  localStorage.setItem("marchlords.lang", lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider>
      <SessionProvider>
        <QueryClientProvider client={client}>{node}</QueryClientProvider>
      </SessionProvider>
    </I18nProvider>,
  );
}

const battle = (over: Partial<Schemas["BattleRead"]>): Schemas["BattleRead"] =>
  ({
    id: 9,
    kind: "field",
    q: 5,
    r: 1,
    turn: 2,
    status: "awaiting_report",
    your_side: "attacker",
    attacker: { players: [{ number: 1, name: "Alice" }], forces: null },
    defender: { players: [{ number: 2, name: "Bruno" }], forces: null },
    report: null,
    rejection_reason: null,
    resolved_turn: null,
    stake: null,
    play_by: null,
    play_by_proposal: null,
    suggested_dates: [FRIDAY, TUESDAY],
    ...over,
  }) as Schemas["BattleRead"];

describe("club nights offered as play-by dates", () => {
  it("one click proposes a night; the free entry stays", async () => {
    const bodies = serve(battle({}));
    wrap(<BattlesPanel campaignId={CAMPAIGN} battles={[battle({})]} isOwner={false} zone="Europe/Paris" />);
    const nights = screen.getByRole("group", { name: "Next club nights" });
    const buttons = within(nights).getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("data-date"))).toEqual([FRIDAY, TUESDAY]);
    // The campaign's clocks beside the reader's (the test runs in UTC): 20:00 in Paris both nights.
    expect(buttons[0]?.textContent).toMatch(/19:00 UTC.*\(Europe\/Paris: .*20:00/);
    expect(buttons[1]?.textContent).toMatch(/18:00 UTC.*\(Europe\/Paris: .*20:00/);
    fireEvent.click(buttons[1] as HTMLElement);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toBe(`POST /v1/campaigns/${CAMPAIGN}/battles/9/play-by {"date":"${TUESDAY}"}`);
    expect(screen.getByLabelText("Play by (date)")).toBeTruthy();
  });

  it("none offered without nights, for an onlooker, or for the date already proposed", () => {
    wrap(
      <BattlesPanel
        campaignId={CAMPAIGN}
        battles={[battle({ id: 1, suggested_dates: [] }), battle({ id: 2, your_side: null }), battle({ id: 3, play_by_proposal: { date: FRIDAY, side: "defender" } })]}
        isOwner={false}
        zone="Europe/Paris"
      />,
    );
    const groups = screen.getAllByRole("group", { name: "Next club nights" });
    expect(groups).toHaveLength(1);
    expect(within(groups[0] as HTMLElement).getAllByRole("button").map((b) => b.getAttribute("data-date"))).toEqual([TUESDAY]);
  });

  it("in French, and without the campaign's zone when it is the reader's", () => {
    expect(clubNightLabel(FRIDAY, "fr", browserTimeZone())).not.toContain("(");
    expect(clubNightLabel(FRIDAY, "fr", "Europe/Paris")).toMatch(/ven\. 27 mars.*\(Europe\/Paris: ven\. 27 mars.*20:00/);
  });
});
