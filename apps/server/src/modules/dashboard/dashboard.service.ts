import { type DashboardSummary, SETUP_STEPS, type SetupProgress } from "@taleem/contract";
import { and, asc, count, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { registeredResources } from "../../platform/resources/serve-resource.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { TenantTable } from "../../platform/tenancy/tenant-table.js";

/**
 * The summary counts other modules' rows. It finds their tables through the resource engine's
 * registry, by the contract's resource path, instead of importing them: the dashboard reads what
 * the engine serves, tenant-scoped like any list, and owns no data of its own.
 */
function served(path: string): TenantTable {
  const found = registeredResources().find((r) => r.definition.path === path);
  if (!found) throw new Error(`The dashboard counts the "${path}" resource, which is not served`);
  return found.table;
}

function column(table: TenantTable, name: string): PgColumn {
  const col = (getTableColumns(table) as Record<string, PgColumn>)[name];
  if (!col) throw new Error(`The dashboard needs the column ${name}`);
  return col;
}

async function countOf(scope: TenantScope, path: string, where?: (t: TenantTable) => SQL | undefined): Promise<number> {
  const table = served(path);
  const [row] = await scope.db
    .select({ n: count() })
    .from(table)
    .where(scope.where(table, where?.(table)));
  return row?.n ?? 0;
}

const active = (t: TenantTable) => eq(column(t, "status"), "active");

/** The resources whose rows mark each setup step done. */
const SETUP_RESOURCES: Record<keyof SetupProgress, { path: string; where?: (t: TenantTable) => SQL }> = {
  batches: { path: "batch" },
  courses: { path: "course" },
  courseClasses: { path: "course/class" },
  classrooms: { path: "classRoom" },
  students: { path: "student" },
  enrolments: { path: "enrollment", where: active },
  hours: { path: "hour" },
};

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Active students born on this day and month; 29 February's birthday is kept on 28 February in other years. */
async function birthdays(scope: TenantScope, today: string) {
  const table = served("student");
  const dob = column(table, "dateOfBirth");
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const days = month === 2 && day === 28 && !isLeap(year) ? [28, 29] : [day];
  const rows = await scope.db
    .select()
    .from(table)
    .where(
      scope.where(
        table,
        active(table),
        and(
          sql`extract(month from ${dob}) = ${month}`,
          sql`extract(day from ${dob}) in (${sql.join(
            days.map((d) => sql`${d}`),
            sql`, `,
          )})`,
        ),
      ),
    )
    .orderBy(asc(column(table, "name")))
    .limit(100);
  return rows.map((r) => {
    const s = r as { id: number; admissionNo: string; name: string; nameNative: string | null; photo: string | null; status: "active"; dateOfBirth: string };
    return {
      id: s.id,
      admissionNo: s.admissionNo,
      name: s.name,
      nameNative: s.nameNative,
      photo: s.photo,
      status: s.status,
      dateOfBirth: s.dateOfBirth,
      turns: year - Number(s.dateOfBirth.slice(0, 4)),
    };
  });
}

/**
 * Everything the dashboard shows, read in the request's transaction. One statement after another:
 * a transaction is one connection, so running them side by side would only queue them.
 */
export async function dashboardSummary(scope: TenantScope): Promise<DashboardSummary> {
  const today = await schoolToday(scope);
  const setup = {} as SetupProgress;
  for (const step of SETUP_STEPS) setup[step] = await countOf(scope, SETUP_RESOURCES[step].path, SETUP_RESOURCES[step].where);
  return {
    today,
    students: await countOf(scope, "student", active),
    classrooms: await countOf(scope, "classRoom", active),
    pendingAdmissions: await countOf(scope, "admission", (t) => eq(column(t, "status"), "pending")),
    birthdays: await birthdays(scope, today),
    setup,
  };
}
