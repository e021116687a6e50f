import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";

/**
 * Replies shaped by their schema without parsing them: what zod's parse would output for a reply
 * the server built (a Date as its ISO string through `Instant`, a time cut to HH:MM, unknown keys
 * dropped, keys in the schema's order, defaults filled in), compiled once per schema into plain
 * functions. Parsing 500 rows through zod on every list call was most of the time a list spent
 * outside the database; the server's own rows need shaping, not checking. A schema node this
 * does not know is still parsed by zod, so the output is always what zod's would be.
 */
export type Presenter = (value: unknown) => unknown;

const same: Presenter = (v) => v;
/** Nodes whose output is their input, for any value the server puts there. */
const AS_IS = new Set(["string", "number", "boolean", "enum", "literal", "unknown", "any", "null", "date", "int", "nan"]);

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  defaultValue?: unknown;
  transform?: (value: unknown, payload: unknown) => unknown;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const cache = new WeakMap<z.ZodType, Presenter>();

/** The presenter of `schema`, compiled once. */
export function presenterOf(schema: z.ZodType): Presenter {
  let found = cache.get(schema);
  if (!found) {
    found = compile(schema);
    cache.set(schema, found);
  }
  return found;
}

function compile(schema: z.ZodType): Presenter {
  const def = defOf(schema);
  if (AS_IS.has(def.type)) return same;
  switch (def.type) {
    case "nullable": {
      const inner = presenterOf(def.innerType!);
      return inner === same ? same : (v) => (v === null ? null : inner(v));
    }
    case "optional": {
      const inner = presenterOf(def.innerType!);
      return inner === same ? same : (v) => (v === undefined ? undefined : inner(v));
    }
    case "default": {
      const inner = presenterOf(def.innerType!);
      return (v) => (v === undefined ? structuredClone(def.defaultValue) : inner(v));
    }
    case "array": {
      const element = presenterOf(def.element!);
      return element === same ? (v) => (Array.isArray(v) ? v : zodParse(schema)(v)) : (v) => (Array.isArray(v) ? v.map(element) : zodParse(schema)(v));
    }
    case "record": {
      const key = presenterOf(def.keyType!);
      const value = presenterOf(def.valueType!);
      return key === same && value === same ? (v) => (isPlain(v) ? v : zodParse(schema)(v)) : zodParse(schema);
    }
    case "object":
      return compileObject(schema, def);
    case "pipe": {
      // z.preprocess(fn, out): fn, then the output's own shaping.
      const first = defOf(def.in!);
      if (first.type !== "transform" || !first.transform) break;
      const fn = first.transform;
      const out = presenterOf(def.out!);
      return (v) => {
        const mid = fn(v, { value: v, issues: [] });
        return mid instanceof Promise ? zodParse(schema)(v) : out(mid);
      };
    }
  }
  return zodParse(schema);
}

function compileObject(schema: z.ZodType, def: Def): Presenter {
  const keys = Object.keys(def.shape ?? {});
  const parts = keys.map((k) => presenterOf(def.shape![k]!));
  const catchall = def.catchall ? defOf(def.catchall).type : undefined;
  // A strict object refuses unknown keys, a catchall other than unknown checks them: zod decides.
  if (catchall && catchall !== "unknown" && catchall !== "any") return zodParse(schema);
  const known = new Set(keys);
  return (v) => {
    if (!isPlain(v)) return zodParse(schema)(v);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const value = parts[i]!(v[k]);
      if (value !== undefined || k in v) out[k] = value;
    }
    // Passthrough (loose) objects keep the keys they do not declare, after the declared ones.
    if (catchall) for (const k of Object.keys(v)) if (!known.has(k)) out[k] = v[k];
    return out;
  };
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const zodParse =
  (schema: z.ZodType): Presenter =>
  (v) =>
    schema.parse(v);

/**
 * A route's serializer compiler: its 200 reply through the compiled presenter, every other status
 * (the error replies) through the zod serializer the app uses everywhere.
 */
// biome-ignore lint/suspicious/noExplicitAny: fastify types a route's serializer compiler by that route's own schema
export const presentingSerializer = (route: FastifyRouteSchemaDef<any>): ((data: unknown) => string) => {
  if (String(route.httpStatus) !== "200") return serializerCompiler(route);
  const present = presenterOf(route.schema as z.ZodType);
  return (data: unknown) => JSON.stringify(present(data));
};
