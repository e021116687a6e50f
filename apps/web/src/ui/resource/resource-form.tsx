import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { FieldSpec, ResourceDefinition } from "@taleem/contract";
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useErrorText, useFieldErrors } from "../api-error";
import { useFormDialog } from "../form-dialog";
import { dropDraft, readDraft, saveDraft } from "../form-draft";
import { mobileIssues } from "../mobile-check";
import { useSchoolCountry } from "../school-country";
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
  /** Keeps what is typed as a draft under this key until saved or discarded, and offers it back. */
  draftKey?: string;
}

// A list of rows (a fee structure's lines, an examination's subjects) takes the whole width.
const WIDE = new Set(["textarea", "multiselect", "rows"]);

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
  draftKey,
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
  const dialog = useFormDialog();
  const country = useSchoolCountry();
  const formRef = useRef<HTMLFormElement>(null);
  // A draft left by an earlier, unfinished visit to this same form: offered, never applied unasked.
  const [offer, setOffer] = useState<FormValues | null>(() => {
    const draft = draftKey ? readDraft<FormValues>(draftKey) : null;
    return draft && Object.entries(draft).some(([k, v]) => JSON.stringify(v) !== JSON.stringify(initial[k])) ? draft : null;
  });
  useEffect(() => {
    // By content: a screen's field options may be made afresh each render, and `initial` with them.
    if (!draftKey || JSON.stringify(values) === JSON.stringify(initial)) return;
    setOffer(null);
    // A password never rests in the browser's storage.
    const secret = new Set(shown.filter((f) => f.kind === "password").map((f) => f.key));
    saveDraft(draftKey, Object.fromEntries(Object.entries(values).filter(([k]) => !secret.has(k))));
  }, [draftKey, values, initial, shown]);
  // After a refused submit, the first wrong field is scrolled to and focused (a phone shows a few fields only).
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (!refused) return;
    const wrong = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    wrong?.scrollIntoView({ block: "center", behavior: "smooth" });
    wrong?.focus({ preventScroll: true });
  }, [refused]);
  const cancel = () => {
    dropDraft(draftKey);
    onCancel();
  };

  const set = (key: string) => (v: unknown) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const body = toBody(shown, values, mode, initial, row?.id);
    const found = validate(definition, mode, body);
    const issues = [...found, ...mobileIssues(shown, body, country).filter((m) => !found.some((i) => i.field === m.field))];
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
      setRefused((n) => n + 1);
      return;
    }
    if (mode === "edit" && Object.keys(body).length === 1) return cancel();
    try {
      const reply = mode === "create" ? await create.mutateAsync(body) : await update.mutateAsync(body as Record<string, unknown> & { id: number });
      dropDraft(draftKey);
      onSaved(reply.data);
    } catch (err) {
      const mapped = fieldErrors(err);
      const onForm = Object.fromEntries(Object.entries(mapped).filter(([k]) => shown.some((f) => f.key === k)));
      setErrors(onForm);
      if (!Object.keys(onForm).length) setFormError(errorText(err));
      setRefused((n) => n + 1);
    }
  }

  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <Stack gap="md">
        {offer && (
          <Alert color="blue" title={t("admin:form.draftTitle")}>
            <Text size="sm">{t("admin:form.draftText")}</Text>
            <Group gap="sm" mt="xs">
              <Button
                size="xs"
                onClick={() => {
                  setValues({ ...initial, ...offer });
                  setOffer(null);
                  dialog?.markDirty();
                }}
              >
                {t("admin:form.draftRestore")}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  dropDraft(draftKey);
                  setOffer(null);
                }}
              >
                {t("admin:form.draftDiscard")}
              </Button>
            </Group>
          </Alert>
        )}
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
                module={definition.module}
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
          <Button variant="default" onClick={cancel} disabled={saving}>
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
