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
  const [ns, inside] = splitTextsKey(definition.i18n);
  const stem = inside ? `${ns}:${inside}.` : `${ns}:`;
  const { t } = useTranslation([ns, "admin"]);
  const names = useMemo(() => {
    const entity = t(`${stem}entity`);
    const entities = t(`${stem}entities`);
    return { entity, Entity: capital(entity), entities, Entities: capital(entities), title: t(`${stem}title`) };
  }, [t, stem]);
  const field = useCallback((key: string) => t(`${stem}fields.${key}`), [t, stem]);
  /** A field's hint under its input (`hints.<key>`), when the resource has one. */
  const hint = useCallback((key: string) => t(`${stem}hints.${key}`, { defaultValue: "" }) || undefined, [t, stem]);
  const option = useCallback(
    (fieldKey: string, value: string) => t([`${stem}options.${fieldKey}.${value}`, `admin:options.${fieldKey}.${value}`], { defaultValue: value }),
    [t, stem],
  );
  return { t, ns, stem, names, field, hint, option };
}

/** "users" -> ["users", ""]; "academics:batches" -> ["academics", "batches"]. */
function splitTextsKey(i18n: string): [string, string] {
  const at = i18n.indexOf(":");
  return at < 0 ? [i18n, ""] : [i18n.slice(0, at), i18n.slice(at + 1)];
}
