import { BUILTIN_ROLES } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/db-types.js";
import { recordChange } from "../platform/audit/audit.service.js";
import { roles } from "../platform/auth/roles.table.js";
import { createUser } from "../platform/auth/user-accounts.js";
import { TenantScope } from "../platform/tenancy/tenant-scope.js";
import { type Command, json, optional, Refused, required, UsageError } from "./command.js";
import { tenantByCode, withDatabase } from "./database.js";

/** A built-in role by its key (admin, staff, parent, muawin) or any of the school's roles by name. */
async function roleByName(scope: TenantScope, name: string) {
  const key = name.trim().toLowerCase();
  const byKey = key in BUILTIN_ROLES ? eq(roles.builtin, key) : undefined;
  const [role] = await scope.db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(scope.where(roles, byKey ?? sql`lower(${roles.name}) = ${key}`))
    .limit(1);
  if (!role) {
    const all = await scope.db.select({ name: roles.name }).from(roles).where(scope.where(roles));
    throw new Refused(`The school has no role ${name}. Its roles: ${all.map((r) => r.name).join(", ")} (or admin, staff, parent, muawin).`);
  }
  return role;
}

export const userCommands: Command[] = [
  {
    words: ["user", "create"],
    usage: "--code CODE --name NAME (--mobile MOBILE | --username USERNAME) [--password PASSWORD] --role admin|staff|parent|muawin|ROLE_NAME ...",
    summary: "Add a person to a school (repeat --role for several profiles); without a password they sign in by one-time code",
    options: {
      code: { type: "string" },
      name: { type: "string" },
      mobile: { type: "string" },
      username: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string", multiple: true },
    },
    examples: [
      'npm run cli -- user create --code NOOR --name "Yusuf Ali" --mobile 9812345679 --password "Quiet-River-77" --role staff',
      'npm run cli -- user create --code NOOR --name "Front desk" --username desk --password "Quiet-River-77" --role "Office clerk"',
    ],
    async run({ values }, { config, print }) {
      const code = required(values, "code");
      const name = required(values, "name");
      const mobile = optional(values, "mobile");
      const username = optional(values, "username");
      if (!mobile && !username) throw new UsageError("Give --mobile or --username, so the person can sign in.");
      const roleNames = ((values.role as unknown as string[] | undefined) ?? []).filter((r) => r.trim());
      if (!roleNames.length) throw new UsageError("Missing --role.");
      const out = await withDatabase(config, async (db) => {
        const tenant = await tenantByCode(db, code);
        return db.transaction(async (tx) => {
          const scope = new TenantScope(tx as unknown as Db, tenant.id);
          const chosen = [];
          for (const r of roleNames) chosen.push(await roleByName(scope, r));
          const user = await createUser(scope, tenant.country, {
            name,
            mobile,
            username,
            email: optional(values, "email"),
            password: optional(values, "password"),
            roleIds: chosen.map((r) => r.id),
          });
          await recordChange(scope.db, { tenantId: tenant.id, userId: null, action: "create", entity: "users", entityId: user.id, details: { via: "cli" } });
          return {
            id: user.id,
            tenant: tenant.code,
            name: user.name,
            mobile: user.mobile,
            username: user.username,
            email: user.email,
            roles: chosen.map((r) => r.name),
            hasPassword: !!user.passwordHash,
          };
        });
      });
      print(json(out));
    },
  },
];
