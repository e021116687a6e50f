import { type ChangeEvent, useState } from "react";

type Keys<V> = keyof V & string;

/**
 * A hand-made form's values and one error per field (the profile, the school's settings):
 * changing a field clears its error. `textInput(key)` binds a text input or text area to a
 * field, named by its key so the first wrong field can be found and focused.
 */
export function useFieldValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<Keys<V>, string>>>({});
  const set =
    <K extends Keys<V>>(key: K) =>
    (value: V[K]) => {
      setValues((old) => ({ ...old, [key]: value }));
      setErrors(({ [key]: _gone, ...rest }) => rest as Partial<Record<Keys<V>, string>>);
    };
  const textInput = <K extends Keys<V>>(key: K) => ({
    name: key,
    value: values[key] as string,
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key)(e.currentTarget.value as V[K]),
  });
  return { values, errors, setErrors, set, textInput };
}

/** A schema's complaints as one message per field (its first), in the words `messageOf` gives the field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[] }[], messageOf: (field: string) => string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0]);
    found[key] ??= messageOf(key);
  }
  return found;
}
