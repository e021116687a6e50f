import { type adminApi, DEMO, schoolToday } from "./harness";

type Admin = Awaited<ReturnType<typeof adminApi>>;
const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** A new person of the demo school holding a built-in role (staff, parent...), who signs in with a new mobile and the demo password. */
export async function newPerson(admin: Admin, builtin: string, fields: Record<string, unknown> = {}) {
  const roles = await admin.get<{ rows: { id: number; builtin: string | null }[] }>("/admin/api/role?limit=50");
  const mobile = `+9198${String(Date.now()).slice(-8)}`;
  const user = await admin.post<{ data: { id: number } }>("/admin/api/user", {
    name: "Someone",
    mobile,
    password: DEMO.password,
    roleIds: [roles.rows.find((r) => r.builtin === builtin)!.id],
    ...fields,
  });
  return { id: user.data.id, mobile };
}

/** The demo teacher's user id (the one who signs in as "staff"). */
export async function demoTeacherId(admin: Admin): Promise<number> {
  const users = await admin.get<{ rows: { id: number; mobile: string | null }[] }>(`/admin/api/user?q=${encodeURIComponent(DEMO.mobiles.staff)}`);
  return users.rows.find((u) => u.mobile === DEMO.mobiles.staff)!.id;
}

/**
 * A new classroom of `size` children in the demo school's year that holds today, enrolled from
 * its first day; its class teacher and the first child's guardian when given. Names start with
 * `prefix` and are unique: the e2e server is shared.
 */
export async function classroomOf(admin: Admin, size: number, opts: { classTeacherId?: number; firstGuardian?: number; prefix?: string } = {}) {
  const batches = await admin.get<{ rows: { id: number; active: boolean; startDate: string; endDate: string }[] }>("/admin/api/batch?limit=50");
  // Other test files add years to the same demo school: take the active year that holds today.
  const today = schoolToday();
  const holdsToday = (b: { startDate: string; endDate: string }) => b.startDate <= today && today <= b.endDate;
  const batch = batches.rows.find((b) => b.active && holdsToday(b)) ?? batches.rows.find(holdsToday)!;
  const rooms = await admin.get<{ rows: { batchId: number; courseClassId: number }[] }>("/admin/api/classRoom?limit=500");
  const like = rooms.rows.find((r) => r.batchId === batch.id)!;
  const name = `${opts.prefix ?? "E2E"}${tag()}`;
  const room = (
    await admin.post<{ data: { id: number; label: string; name: string } }>("/admin/api/classRoom", {
      batchId: batch.id,
      courseClassId: like.courseClassId,
      name,
      classTeacherId: opts.classTeacherId,
    })
  ).data;
  const kids: { id: number; name: string }[] = [];
  for (let i = 1; i <= size; i++) {
    const guardians = i === 1 && opts.firstGuardian ? [{ userId: opts.firstGuardian, relation: "father" }] : [];
    kids.push(
      (
        await admin.post<{ data: { id: number; name: string } }>("/admin/api/student", {
          admissionNo: `${name}-${i}`,
          name: `${name} Child ${String(i).padStart(2, "0")}`,
          guardians,
        })
      ).data,
    );
  }
  await admin.post("/admin/api/enrollment/bulk", { classroomId: room.id, studentIds: kids.map((k) => k.id), startedOn: batch.startDate });
  return { batch, room, name, kids };
}
