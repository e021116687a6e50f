import { expect } from "vitest";
import { adminOfNewTenant, type TestApp } from "../../../test/harness.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];

/** Calls that must succeed, returning their JSON. */
export async function ok<T = Record<string, unknown>>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

let seq = 0;
const tag = () => `${process.pid}-${++seq}`;

export async function addStudent(api: Api, fields: Record<string, unknown> = {}) {
  const body = await ok<{ data: { id: number; name: string; admissionNo: string } }>(
    api.post("/admin/api/student", { admissionNo: `A-${tag()}`, name: `Student ${tag()}`, ...fields }),
  );
  return body.data;
}

export async function addClassroom(api: Api, batchId: number, courseClassId: number, name: string) {
  return (await ok<{ data: { id: number; label: string } }>(api.post("/admin/api/classRoom", { batchId, courseClassId, name }))).data;
}

/**
 * A school with its admin signed in, two academic years (the first active), a course with two
 * classes, and classrooms: Class 5-A and 5-B this year, Class 6-A next year.
 */
export async function newSchool(app: TestApp) {
  const admin = await adminOfNewTenant(app);
  const { api } = admin;
  const thisYear = (
    await ok<{ data: { id: number; active: boolean } }>(api.post("/admin/api/batch", { name: "2026-27", startDate: "2026-06-01", endDate: "2027-03-31" }))
  ).data;
  const nextYear = (await ok<{ data: { id: number } }>(api.post("/admin/api/batch", { name: "2027-28", startDate: "2027-06-01", endDate: "2028-03-31" }))).data;
  const course = (await ok<{ data: { id: number } }>(api.post("/admin/api/course", { name: "Madrasa", kind: "madrasa" }))).data;
  const class5 = (await ok<{ data: { id: number } }>(api.post("/admin/api/course/class", { courseId: course.id, name: "Class 5", order: 5 }))).data;
  const class6 = (await ok<{ data: { id: number } }>(api.post("/admin/api/course/class", { courseId: course.id, name: "Class 6", order: 6 }))).data;
  const room5a = await addClassroom(api, thisYear.id, class5.id, "A");
  const room5b = await addClassroom(api, thisYear.id, class5.id, "B");
  const room6a = await addClassroom(api, nextYear.id, class6.id, "A");
  const subject = (await ok<{ data: { id: number } }>(api.post("/admin/api/subject", { name: "Fiqh", code: `FQ${tag()}` }))).data;
  return { ...admin, thisYear, nextYear, course, class5, class6, room5a, room5b, room6a, subject };
}

export async function enrol(api: Api, studentId: number, classroomId: number, fields: Record<string, unknown> = {}) {
  return (await ok<{ data: { id: number; recordToken: string; status: string } }>(api.post("/admin/api/enrollment", { studentId, classroomId, ...fields })))
    .data;
}
