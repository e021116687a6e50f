/** The colour each student status is shown in. */
export const STUDENT_STATUS_COLOR: Record<string, string> = { active: "teal", left: "gray", alumni: "grape" };
