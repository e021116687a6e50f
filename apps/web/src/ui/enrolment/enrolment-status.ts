/** Every state an enrolment can be in, and the colour each is shown in. */
export const ENROLMENT_STATUSES = ["active", "transferred", "promoted", "retained", "removed", "left", "completed"] as const;

export const STATUS_COLOR: Record<string, string> = {
  active: "teal",
  transferred: "blue",
  promoted: "indigo",
  retained: "yellow",
  removed: "gray",
  left: "red",
  completed: "grape",
};
