import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/db-types.js";
import { badRequest, conflict } from "../http/errors.js";
import { checkPasswordPolicy, hashPassword } from "./passwords.js";
import { platformAdmins } from "./sessions.table.js";

export type PlatformAdminRow = typeof platformAdmins.$inferSelect;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Makes a person who runs the service (the CLI calls this): e-mail unique, the password policy applies. */
export async function createPlatformAdmin(db: Db, input: { name: string; email: string; password: string }) {
  const name = input.name.trim();
  const email = normaliseEmail(input.email);
  if (!name) throw badRequest("platform_admin.name", "Give the admin's name.", { field: "name" });
  if (!z.email().safeParse(email).success) throw badRequest("platform_admin.email", `${email.slice(0, 60)} is not a valid e-mail address.`, { field: "email" });
  checkPasswordPolicy(input.password);
  if (await findPlatformAdmin(db, email)) {
    throw conflict("platform_admin.email_taken", "A platform admin with this e-mail address exists already.", { field: "email" });
  }
  const [row] = await db
    .insert(platformAdmins)
    .values({ name, email, passwordHash: await hashPassword(input.password) })
    .returning({ id: platformAdmins.id, name: platformAdmins.name, email: platformAdmins.email });
  return row!;
}

/** The platform admin with this e-mail address, compared case-insensitively. */
export async function findPlatformAdmin(db: Db, email: string): Promise<PlatformAdminRow | undefined> {
  const [row] = await db
    .select()
    .from(platformAdmins)
    .where(eq(sql`lower(${platformAdmins.email})`, normaliseEmail(email)))
    .limit(1);
  return row;
}
