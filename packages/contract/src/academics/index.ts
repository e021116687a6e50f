export * from "./academic-year.js";
export * from "./alumni.js";
export * from "./classroom.js";
export * from "./course.js";
export * from "./enrolment.js";
export * from "./linked-children.js";
export * from "./student.js";
export * from "./timetable.js";
