// @vitest-environment jsdom
// Club nights (R-TURN-9): the schedule picker sends what the contract accepts, and the countdown
// shows the deadline in the reader's zone and in the campaign's.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DeadlineTimes, formatIn, SchedulePicker, type TurnSchedule } from "../../src/features/campaigns/Schedule.tsx";
import { I18nProvider } from "../../src/i18n.tsx";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Harness({ seen }: { seen: (value: TurnSchedule | null) => void }) {
  const [value, setValue] = useState<TurnSchedule | null>(null);
  return (
    <SchedulePicker
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

describe("schedule", () => {
  it("the picker starts on Tuesdays and Fridays at 20:00 and edits nights and the zone", () => {
    localStorage.setItem("marchlords.lang", "en");
    let last: TurnSchedule | null = null;
    render(
      <I18nProvider>
        <Harness seen={(v) => (last = v)} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByLabelText("Turns change on a weekly schedule"));
    expect(last!.entries).toEqual([
      { weekday: 1, time: "20:00" },
      { weekday: 4, time: "20:00" },
    ]);
    fireEvent.change(screen.getByLabelText("Day 2"), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Local time 2"), { target: { value: "19:30" } });
    fireEvent.change(screen.getByLabelText("Time zone"), { target: { value: "Europe/Paris" } });
    expect(last).toEqual({
      entries: [
        { weekday: 1, time: "20:00" },
        { weekday: 5, time: "19:30" },
      ],
      time_zone: "Europe/Paris",
      min_turn_hours: 12,
    });
    fireEvent.click(screen.getAllByRole("button", { name: "Remove" })[0]!);
    expect(last!.entries).toEqual([{ weekday: 5, time: "19:30" }]);
    fireEvent.click(screen.getByLabelText("Turns change on a weekly schedule"));
    expect(last).toBeNull();
  });

  it("the deadline shows in the reader's zone and the campaign's across daylight saving", () => {
    // Tuesday 27 October 2026, 20:00 in Paris (CET, after its change) is 19:00 UTC, and 15:00
    // in New York, which keeps summer time until 1 November.
    expect(formatIn("2026-10-27T19:00:00Z", "en", "Europe/Paris")).toBe("Tue, Oct 27, 20:00 GMT+1");
    expect(formatIn("2026-10-27T19:00:00Z", "en", "America/New_York")).toBe("Tue, Oct 27, 15:00 EDT");
    localStorage.setItem("marchlords.lang", "en");
    render(
      <I18nProvider>
        <DeadlineTimes deadline="2026-10-27T19:00:00Z" zone="Asia/Tokyo" />
      </I18nProvider>,
    );
    const text = screen.getByTestId("deadline-times").textContent ?? "";
    expect(text).toContain("your time");
    expect(text).toContain("campaign's time, Asia/Tokyo");
    expect(text).toContain("04:00");
  });
});
