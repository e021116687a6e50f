import { BUILTIN_ROLES, type BuiltinRoleKey, type CRUD_ACTIONS, FULL_ACCESS, MODULES, type ModuleKey, type PermissionMap } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { Services } from "../services.js";

/** The built-in roles a module gives rights to by default; Admin has every right already. */
export type GrantedRole = Exclude<BuiltinRoleKey, "admin">;

/** A module's own actions: the four every module knows and its extra ones from `MODULES`. */
type ActionOf<K extends ModuleKey> = (typeof CRUD_ACTIONS)[number] | (typeof MODULES)[K][number];

/** What a role may do with this module until the school changes it, per built-in role. */
export type ModuleGrants<K extends ModuleKey> = Partial<Record<GrantedRole, readonly ActionOf<K>[]>>;

/** Puts the module's routes, actions and resources on the app. */
export type RegisterModule = (app: FastifyInstance, services: Services) => void;

/** A module as the app knows it: everything it takes to add one, in one place. */
export interface ModuleManifest {
  /** The module's folder; for a module a role is granted, its key in `MODULES` too. */
  key: string;
  register: RegisterModule;
  /** Per built-in role, the actions given by default (a module without a `MODULES` key gives none). */
  grants: Partial<Record<GrantedRole, readonly string[]>>;
}

/**
 * Declares a module (`modules/<module>/<module>.module.ts`). `key` is the module's key in
 * `MODULES` when roles are granted it (the actions in `grants` are then typed by it), else the
 * folder's name (auth, home, ...), which may grant nothing.
 */
export function defineModule<const K extends string>(manifest: {
  key: K;
  register: RegisterModule;
  grants?: K extends ModuleKey ? ModuleGrants<K> : never;
}): ModuleManifest {
  return { key: manifest.key, register: manifest.register, grants: manifest.grants ?? {} };
}

/** Whether roles are granted this module (its key is in `MODULES`). */
export const isPermissionModule = (manifest: ModuleManifest) => Object.hasOwn(MODULES, manifest.key);

/**
 * One right a module gives a built-in role by default. Its key (`staff:tasks.add`) names it for
 * good: a school is given each key once (see `giveNewGrants`), so a right its admin took away
 * stays away, and a right declared later still reaches the schools made before.
 */
export interface DefaultGrant {
  key: string;
  role: GrantedRole;
  module: string;
  action: string;
}

/** Every right the manifests give by default, in their order. */
export function defaultGrants(manifests: readonly ModuleManifest[]): DefaultGrant[] {
  return manifests.flatMap((m) =>
    (Object.keys(BUILTIN_ROLES) as BuiltinRoleKey[]).flatMap((role) =>
      role === "admin" ? [] : (m.grants[role] ?? []).map((action) => ({ key: `${role}:${m.key}.${action}`, role, module: m.key, action })),
    ),
  );
}

/** `permissions` with `grants` added (each action once); the map itself is left as it was. */
export function withGrants(permissions: PermissionMap, grants: readonly Pick<DefaultGrant, "module" | "action">[]): PermissionMap {
  const out: PermissionMap = { ...permissions };
  for (const { module, action } of grants) {
    const actions = out[module] ?? [];
    if (!actions.includes(action)) out[module] = [...actions, action];
  }
  return out;
}

/** What each built-in role of a new school may do: Admin everything, the others what the manifests give. */
export function defaultPermissions(manifests: readonly ModuleManifest[]): Record<BuiltinRoleKey, PermissionMap> {
  const grants = defaultGrants(manifests);
  const of = (role: GrantedRole) =>
    withGrants(
      {},
      grants.filter((g) => g.role === role),
    );
  return { admin: FULL_ACCESS, staff: of("staff"), parent: of("parent"), muawin: of("muawin") };
}
