import { Alert, Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { FieldSpec, ResourceDefinition } from "@taleem/contract";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { useErrorText, useFieldErrors } from "../api-error";
import { FieldInput } from "./field-input";
import { type FormValues, initialValues, issueKey, toBody, validate } from "./form-values";
import { useResourceTexts } from "./resource-texts";
import { useResourceMutations } from "./use-resource";

export interface FieldOptions {
  description?: string;
  disabled?: boolean;
  hidden?: boolean;
  refLabel?: (label: string) => string;
  /** Replaces the standard input for this field. */
  render?: (input: { value: unknown; error?: string; onChange: (v: unknown) => void; label: string; description?: string }) => ReactNode;
}

export interface ResourceFormProps<Row extends { id: number }> {
  definition: ResourceDefinition;
  /** The row to edit; without it the form adds a new one. */
  row?: Row;
  /** The row's values as the form's fields name them (a user's roleIds from their profiles, say). */
  toFormValues?: (row: Row) => Record<string, unknown>;
  /** Defaults to the definition's fields. */
  fields?: readonly FieldSpec[];
  fieldOptions?: Partial<Record<string, FieldOptions>>;
  onSaved: (row: Row) => void;
  onCancel: () => void;
}

const WIDE = new Set(["textarea", "multiselect"]);

/**
 * The add and edit form of any resource, from its `fields`: validated with the resource's own
 * zod schema before sending, and a server 400 put on the field it names.
 */
export function ResourceForm<Row extends { id: number }>({
  definition,
  row,
  toFormValues,
  fields,
  fieldOptions = {},
  onSaved,
  onCancel,
}: ResourceFormProps<Row>) {
  const mode = row ? "edit" : "create";
  const { t, stem, names, field: fieldLabel, hint, option } = useResourceTexts(definition);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const { create, update } = useResourceMutations<Row>(definition);
  const shown = useMemo(
    () => (fields ?? definition.fields).filter((f) => !fieldOptions[f.key]?.hidden && !(mode === "edit" && f.createOnly)),
    [fields, definition.fields, fieldOptions, mode],
  );
  const initial = useMemo(
    () => initialValues(definition, shown, row ? (toFormValues?.(row) ?? (row as unknown as Record<string, unknown>)) : undefined),
    [definition, shown, row, toFormValues],
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const set = (key: string) => (v: unknown) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const body = toBody(shown, values, mode, initial, row?.id);
    const issues = validate(definition, mode, body);
    if (issues.length) {
      const next: Record<string, string> = {};
      for (const issue of issues) {
        const spec = shown.find((f) => f.key === issue.field);
        const [key, params] = issueKey(issue, spec);
        const own = issue.code === "invalid_format" ? [`${stem}validation.${issue.field}`] : [];
        next[issue.field] = t([...own, `admin:${key}`], params);
      }
      setErrors(next);
      if (!Object.keys(next).some((k) => shown.some((f) => f.key === k))) setFormError(t("admin:validation.invalid"));
      return;
    }
    if (mode === "edit" && Object.keys(body).length === 1) return onCancel();
    try {
      const reply = mode === "create" ? await create.mutateAsync(body) : await update.mutateAsync(body as Record<string, unknown> & { id: number });
      onSaved(reply.data);
    } catch (err) {
      const mapped = fieldErrors(err);
      const onForm = Object.fromEntries(Object.entries(mapped).filter(([k]) => shown.some((f) => f.key === k)));
      setErrors(onForm);
      if (!Object.keys(onForm).length) setFormError(errorText(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {shown.map((f) => {
            const opts = fieldOptions[f.key] ?? {};
            const label = fieldLabel(f.key);
            const input = opts.render ? (
              opts.render({ value: values[f.key], error: errors[f.key], onChange: set(f.key), label, description: opts.description ?? hint(f.key) })
            ) : (
              <FieldInput
                field={f}
                label={label}
                value={values[f.key]}
                error={errors[f.key]}
                onChange={set(f.key)}
                option={(v) => option(f.key, v)}
                description={opts.description ?? hint(f.key)}
                disabled={opts.disabled || saving}
                refLabel={opts.refLabel}
              />
            );
            return (
              <div key={f.key} style={WIDE.has(f.kind) ? { gridColumn: "1 / -1" } : undefined}>
                {input}
              </div>
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t("admin:actions.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {mode === "create" ? t("admin:list.addEntity", names) : t("admin:actions.saveChanges")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
