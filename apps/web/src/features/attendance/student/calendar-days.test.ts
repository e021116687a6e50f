import { describe, expect, it } from "vitest";
import { addMonths, daysBetween, isoWeekday, monthEnd, monthWeeks, weekOf, weekOrder } from "./calendar-days";

describe("calendar days", () => {
  it("reads weekdays, month ends and month steps across years", () => {
    expect(isoWeekday("2026-11-24")).toBe(2);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(monthEnd("2028-02")).toBe("2028-02-29");
    expect(monthEnd("2026-11")).toBe("2026-11-30");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(daysBetween("2026-11-01", "2026-12-31")).toBe(60);
  });

  it("starts the week on the school's first working day", () => {
    expect(weekOrder([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekOrder([7, 1, 2, 3, 4])).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it("lays a month out in week rows of the school's order", () => {
    // November 2026 starts on a Sunday: last in an Indian week, first in a Gulf one.
    const india = monthWeeks("2026-11", weekOrder([1, 2, 3, 4, 5, 6]));
    expect(india[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(india.at(-1)?.[0]).toBe("2026-11-30");
    expect(india).toHaveLength(6);
    const gulf = monthWeeks("2026-11", weekOrder([7, 1, 2, 3, 4]));
    expect(gulf[0]?.[0]).toBe("2026-11-01");
    expect(gulf).toHaveLength(5);
    expect(gulf.flat().filter(Boolean)).toHaveLength(30);
  });

  it("gives the school's week around a day", () => {
    expect(weekOf("2026-11-24", [1, 2, 3, 4, 5, 6, 7])).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(weekOf("2026-11-24", [7, 1, 2, 3, 4, 5, 6])[0]).toBe("2026-11-22");
  });
});
