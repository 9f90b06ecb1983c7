// @vitest-environment jsdom
// After the battle (R-ARMY-7): casualties entered in the report form, a list's losses and its
// army's battles, the name of a list's downloaded file.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Schemas } from "../../src/api/client.ts";
import { I18nProvider } from "../../src/i18n.tsx";
import { casualtiesOf, casualtyText, entriesOf, ReportForm } from "../../src/features/battles/Battles.tsx";
import { originalName, RosterLosses, VeteranHistory } from "../../src/features/rosters/Rosters.tsx";

afterEach(cleanup);

const ROSTER: Schemas["RosterRead"] = {
  army_id: 7,
  owner: 1,
  format: "text",
  filename: null,
  name: "Patrol",
  faction: "Empire",
  game_system: "",
  total_points: 390,
  general_points: 90,
  units: [
    { name: "General", count: 1, points: 90, options: "", general: true },
    { name: "State Troops", count: 20, points: 300, options: "halberds", general: false },
  ],
  warnings: [],
  uploaded_at: "2026-12-01T12:00:00Z",
  check: {
    tier: 1,
    army_points_cap: 500,
    general_points_cap: 100,
    army_points: 300,
    general_points: 90,
    army_points_excess: 0,
    general_points_excess: 0,
    fits: true,
  },
};
const FIELDED: Schemas["BattleRosterRead"][] = [{ side: "attacker", army_id: 7, exceeds_caps: false, roster: ROSTER }];

/** The result every report needs: an outcome and both sides' losses. */
function fillResult(): void {
  fireEvent.change(screen.getByLabelText("Outcome"), { target: { value: "draw" } });
  fireEvent.change(screen.getByLabelText("Attacker losses %"), { target: { value: "10" } });
  fireEvent.change(screen.getByLabelText("Defender losses %"), { target: { value: "20" } });
}

describe("casualties", () => {
  it("entries become report lines in list order, blanks and zeros left out, and back", () => {
    const lines = casualtiesOf({ "7:1": "12", "7:0": "", "3:0": "0", "2:4": " 1 " });
    expect(lines).toEqual([
      { army_id: 2, unit: 4, lost: 1 },
      { army_id: 7, unit: 1, lost: 12 },
    ]);
    expect(entriesOf(lines)).toEqual({ "2:4": "1", "7:1": "12" });
    expect(entriesOf(undefined)).toEqual({});
    expect(casualtyText(lines, FIELDED)).toBe("1 #2/4, 12 State Troops");
  });

  it("the report form asks each unit of the lists fielded for its losses and sends them", () => {
    const onSubmit = vi.fn();
    render(
      <I18nProvider>
        <ReportForm initial={null} rosters={FIELDED} submitLabel="Report" pending={false} error={null} onSubmit={onSubmit} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText("State Troops (20)"), { target: { value: "12" } });
    fillResult();
    fireEvent.click(screen.getByRole("button", { name: "Check the report" }));
    expect(screen.getByTestId("report-check").textContent).toContain("12 State Troops");
    fireEvent.click(screen.getByRole("button", { name: "Report" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ casualties: [{ army_id: 7, unit: 1, lost: 12 }] }));
  });

  it("without lists, or without losses entered, the report carries no casualties", () => {
    const onSubmit = vi.fn();
    render(
      <I18nProvider>
        <ReportForm initial={null} submitLabel="Report" pending={false} error={null} onSubmit={onSubmit} />
      </I18nProvider>,
    );
    expect(screen.queryByTestId("casualties")).toBeNull();
    fillResult();
    fireEvent.click(screen.getByRole("button", { name: "Check the report" }));
    fireEvent.click(screen.getByRole("button", { name: "Report" }));
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty("casualties");
  });

  it("a list shows its losses and an army its battles", () => {
    const lost = { ...ROSTER, losses: [{ unit: 1, name: "State Troops", lost: 12, state: "below_half" as const }] };
    const veteran: Schemas["VeteranBattleRead"][] = [
      { battle_id: 9, turn: 3, side: "attacker", opponents: [{ number: 2, name: "Bob" }], result: "won", losses_pct: 30, casualties: [{ unit: 1, name: "State Troops", lost: 12 }] },
    ];
    render(
      <I18nProvider>
        <RosterLosses roster={lost} />
        <VeteranHistory veteran={veteran} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("roster-losses").textContent).toContain("State Troops: models lost 12/20 · below half");
    expect(screen.getByTestId("veteran-history").textContent).toContain("#9 · Turn 3 · Attacker · Bob · won · 30% · 12 State Troops");
  });

  it("a downloaded file keeps the name the server gives it", () => {
    expect(originalName('attachment; filename="karaz.rosz"')).toBe("karaz.rosz");
    expect(originalName(null)).toBe("roster");
  });
});
