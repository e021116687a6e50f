import { Button, Checkbox, Group, Image, Input, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconFile, IconPaperclip, IconPhoto, IconX } from "@tabler/icons-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FileProblem, isProblem, ltr, megabytes, pickFile, TYPE_NAMES } from "../lib/form-files";
import { type FieldValue, type FormField, localised, type PickedFile } from "../lib/public-form";
import { TypedDateInput } from "./typed-date-input";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Checkbox.css";

export interface FieldProps {
  field: FormField;
  value: FieldValue;
  onChange: (v: FieldValue) => void;
  error?: string;
  disabled?: boolean;
  /** Most documents one application may carry (the admission form's built-in documents field). */
  maxDocuments?: number;
}

/** The reader's label of a field; the school's own words when it gave them in this language. */
export function useFieldLabel() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? "en";
  return (f: FormField) => localised(f.labels, lng, f.label);
}

const asText = (v: FieldValue) => (typeof v === "string" ? v : "");
// Numbers, addresses and mobile numbers read left to right in every language (dates: TypedDateInput).
const LTR_KINDS = new Set(["email", "phone", "number"]);

/**
 * One field of a form built from FormField (the admission form, a record type's public page, a row
 * staff add), by its kind; every input carries the field's key as its name.
 */
export function FormFieldInput({ field, value, onChange, error, disabled, maxDocuments = 1 }: FieldProps) {
  const { t, i18n } = useTranslation("forms");
  const lng = i18n.resolvedLanguage ?? "en";
  const label = localised(field.labels, lng, field.label);
  const common = { label, error, withAsterisk: field.required, disabled, name: field.key };
  const ltr = LTR_KINDS.has(field.kind) ? { dir: "ltr" as const, style: { textAlign: "start" as const } } : {};

  switch (field.kind) {
    case "textarea":
      // Fixed rows, not autosize: autosize measures every textarea's layout as the form first
      // renders, the longest task of the public form on a cheap phone; the box still resizes.
      return <Textarea {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} rows={3} resize="vertical" />;
    case "email":
      return (
        <TextInput
          {...common}
          {...ltr}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "phone":
      return (
        <TextInput {...common} {...ltr} type="tel" inputMode="tel" autoComplete="tel" value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case "number":
      return <TextInput {...common} {...ltr} type="number" inputMode="decimal" value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "date":
      return <TypedDateInput {...common} value={asText(value)} onChange={onChange} past={field.builtin && field.key === "dateOfBirth"} />;
    case "choice":
      return <ChoiceField field={field} value={value} onChange={onChange} common={common} lng={lng} placeholder={t("apply.choose")} />;
    case "file":
      return field.builtin && field.key === "documents" ? (
        <DocumentsField field={field} value={value} onChange={onChange} common={common} maxDocuments={maxDocuments} />
      ) : (
        <SingleFileField field={field} value={value} onChange={onChange} common={common} />
      );
    default:
      return <TextInput {...common} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} maxLength={field.maxLength ?? undefined} />;
  }
}

type Common = { label: string; error?: string; withAsterisk: boolean; disabled?: boolean; name: string };

function ChoiceField({
  field,
  value,
  onChange,
  common,
  lng,
  placeholder,
}: Pick<FieldProps, "field" | "value" | "onChange"> & { common: Common; lng: string; placeholder: string }) {
  const options = field.options.map((o) => ({ value: o.value, label: localised(o.labels, lng, o.value) }));
  const { name, disabled, ...wrapper } = common;
  if (field.multiple) {
    return (
      <Checkbox.Group {...wrapper} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange}>
        <Stack gap="xs" mt={6}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} name={name} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  // Radios for a short required choice; an optional one is a select, so an answer can be taken back.
  if (field.required && options.length <= 4) {
    return (
      <Radio.Group {...wrapper} name={name} value={asText(value) || null} onChange={onChange}>
        <Group gap="lg" mt={6}>
          {options.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
    );
  }
  return (
    <NativeSelect
      {...common}
      data={[{ value: "", label: placeholder }, ...options]}
      value={asText(value)}
      onChange={(e) => onChange(e.currentTarget.value || undefined)}
    />
  );
}

/** A hidden file input and the button that opens it: the phone's own picker, camera included. */
function FilePicker({
  name,
  accept,
  maxBytes,
  onPicked,
  onProblem,
  label,
  icon,
  disabled,
  describedBy,
}: {
  name: string;
  accept: string[];
  maxBytes: number;
  onPicked: (p: PickedFile) => void;
  onProblem: (p: FileProblem | null) => void;
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  return (
    <>
      <input
        ref={input}
        type="file"
        name={name}
        accept={accept.join(",")}
        hidden
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (!file) return;
          setReading(true);
          const picked = await pickFile(file, accept, maxBytes);
          setReading(false);
          if (isProblem(picked)) onProblem(picked);
          else {
            onProblem(null);
            onPicked(picked);
          }
        }}
      />
      <Button variant="default" leftSection={icon} onClick={() => input.current?.click()} loading={reading} disabled={disabled} aria-describedby={describedBy}>
        {label}
      </Button>
    </>
  );
}

function useProblemText(problem: FileProblem | null) {
  const { t } = useTranslation("forms");
  return problem ? t(`apply.errors.${problem.key}`, problem.params) : undefined;
}

function hint(field: FormField, t: (k: string, o?: Record<string, unknown>) => string) {
  const types = ltr(field.accept.map((a) => TYPE_NAMES[a] ?? a).join(", "));
  return t("apply.fileHint", { types, size: megabytes(field.maxBytes ?? 0) });
}

/** The photo (with a preview) or one of the school's own file fields. */
function SingleFileField({ field, value, onChange, common }: Pick<FieldProps, "field" | "value" | "onChange"> & { common: Common }) {
  const { t } = useTranslation("forms");
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const problemText = useProblemText(problem);
  const picked = value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
  const image = picked?.data.startsWith("data:image/");
  const photo = field.builtin && field.key === "photo";
  const hintId = useId();
  return (
    <Input.Wrapper label={common.label} withAsterisk={common.withAsterisk} error={problemText ?? common.error} description={hint(field, t)} id={hintId}>
      <Stack gap="xs" mt={6}>
        {picked && (
          <Group gap="sm" wrap="nowrap" align="center">
            {image ? (
              <Image src={picked.data} alt={photo ? t("apply.photoPreview") : ""} w={72} h={72} radius="md" fit="cover" />
            ) : (
              <IconFile size={28} aria-hidden />
            )}
            <Stack gap={4} align="flex-start" style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: "anywhere" }} dir="auto">
                {picked.name}
              </Text>
              <Button variant="subtle" color="red" size="compact-sm" px={4} leftSection={<IconX size={14} />} onClick={() => onChange(undefined)}>
                {t("apply.remove")}
              </Button>
            </Stack>
          </Group>
        )}
        <div>
          <FilePicker
            name={common.name}
            accept={field.accept}
            maxBytes={field.maxBytes ?? Number.POSITIVE_INFINITY}
            onPicked={onChange}
            onProblem={setProblem}
            label={picked ? t("apply.changeFile") : photo ? t("apply.choosePhoto") : t("apply.chooseFile")}
            icon={photo ? <IconPhoto size={16} /> : <IconPaperclip size={16} />}
            disabled={common.disabled}
            describedBy={`${hintId}-description`}
          />
        </div>
      </Stack>
    </Input.Wrapper>
  );
}

/** Documents: each with what it is, up to the school's limit. */
function DocumentsField({
  field,
  value,
  onChange,
  common,
  maxDocuments,
}: Pick<FieldProps, "field" | "value" | "onChange"> & { common: Common; maxDocuments: number }) {
  const { t } = useTranslation("forms");
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const problemText = useProblemText(problem);
  const list = Array.isArray(value) ? (value as PickedFile[]) : [];
  const hintId = useId();
  const set = (next: PickedFile[]) => onChange(next.length ? next : undefined);
  return (
    <Input.Wrapper
      label={common.label}
      withAsterisk={common.withAsterisk}
      error={problemText ?? common.error}
      description={`${hint(field, t)} ${t("apply.documentsLimit", { max: maxDocuments })}`}
      id={hintId}
    >
      <Stack gap="sm" mt={6}>
        {list.map((d, i) => (
          <Stack key={d.id} gap={4} p="xs" style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-md)" }}>
            <Group gap="xs" wrap="nowrap">
              <IconFile size={18} aria-hidden />
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }} dir="auto">
                {d.name}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconX size={14} />}
                onClick={() => set(list.filter((_, j) => j !== i))}
                aria-label={t("apply.removeNamed", { name: d.name })}
              >
                {t("apply.remove")}
              </Button>
            </Group>
            <TextInput
              size="xs"
              label={t("apply.documentLabel")}
              placeholder={t("apply.documentPlaceholder")}
              value={d.label ?? ""}
              maxLength={120}
              name={`documents.${i}.label`}
              onChange={(e) => {
                const label = e.currentTarget.value;
                set(list.map((x, j) => (j === i ? { ...x, label } : x)));
              }}
            />
          </Stack>
        ))}
        {list.length < maxDocuments && (
          <div>
            <FilePicker
              name={common.name}
              accept={field.accept}
              maxBytes={field.maxBytes ?? Number.POSITIVE_INFINITY}
              onPicked={(p) => set([...list, p])}
              onProblem={setProblem}
              label={list.length ? t("apply.addAnotherDocument") : t("apply.addDocument")}
              icon={<IconPaperclip size={16} />}
              disabled={common.disabled}
              describedBy={`${hintId}-description`}
            />
          </div>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
