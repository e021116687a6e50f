import type { ResourceDefinition } from "@taleem/contract";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";

const capital = (s: string) => (s ? s.charAt(0).toLocaleUpperCase() + s.slice(1) : s);

/**
 * The words a resource's screens need, from its own namespace (`definition.i18n`): `title`,
 * `entity`, `entities`, `fields.<key>`, `options.<field>.<value>`; option words shared by every
 * resource (status, language, yes/no) fall back to the admin namespace. `definition.i18n` may also
 * name a key inside a namespace ("academics:batches"), so a module keeps its resources in one file.
 */
export function useResourceTexts(definition: Pick<ResourceDefinition, "i18n">) {
  const { ns, stem } = textsStem(definition.i18n);
  const { t } = useTranslation([ns, "admin"]);
  const names = useMemo(() => {
    const entity = t(`${stem}entity`);
    const entities = t(`${stem}entities`);
    return { entity, Entity: capital(entity), entities, Entities: capital(entities), title: t(`${stem}title`) };
  }, [t, stem]);
  const field = useCallback((key: string) => t(`${stem}fields.${key}`), [t, stem]);
  /** A field's hint under its input (`hints.<key>`), when the resource has one. */
  const hint = useCallback((key: string) => t(`${stem}hints.${key}`, { defaultValue: "" }) || undefined, [t, stem]);
  const option = useCallback((fieldKey: string, value: string) => t(optionKeys(stem, fieldKey, value), { defaultValue: value }), [t, stem]);
  return { t, ns, stem, names, field, hint, option };
}

/** "users" -> users, "users:"; "academics:batches" -> academics, "academics:batches.". */
function textsStem(i18n: string): { ns: string; stem: string } {
  const at = i18n.indexOf(":");
  return at < 0 ? { ns: i18n, stem: `${i18n}:` } : { ns: i18n.slice(0, at), stem: `${i18n}.` };
}

/** An option's word: the resource's own, else the one every resource shares. */
const optionKeys = (stem: string, fieldKey: string, value: string) => [`${stem}options.${fieldKey}.${value}`, `admin:options.${fieldKey}.${value}`];

/**
 * Every text a resource's screens build from its declaration (names, each field, column and
 * filter, each option), each as the keys that would do: what the locale check holds to exist.
 */
export function resourceTextKeys(definition: ResourceDefinition): string[][] {
  const { stem } = textsStem(definition.i18n);
  const keys = new Set(["title", "entity", "entities"].map((k) => stem + k));
  for (const key of [...definition.fields.map((f) => f.key), ...definition.columns.map((c) => c.key), ...Object.keys(definition.filters)]) {
    keys.add(`${stem}fields.${key}`);
  }
  const options = definition.fields.flatMap((f) => (f.options ?? []).map((value) => optionKeys(stem, f.key, value)));
  return [...[...keys].map((k) => [k]), ...options];
}
