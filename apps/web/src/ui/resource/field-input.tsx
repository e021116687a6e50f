import { MultiSelect, NumberInput, PasswordInput, Select, Switch, Textarea, TextInput } from "@mantine/core";
import { IconAt, IconPhone } from "@tabler/icons-react";
import type { FieldSpec, ModuleKey } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { SchoolDateInput } from "../school-date-input";
import { StudentPicker } from "../student-picker";
import { UploadField } from "../upload-field";
import { MoneyInput } from "./money-input";
import { useResourceOptions } from "./use-resource";

/** What a field receives from the form: its value, change handler, error and label. */
export interface FieldInputProps {
  field: FieldSpec;
  label: string;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** The translated label of a fixed option. */
  option: (value: string) => string;
  description?: string;
  disabled?: boolean;
  /** Turns a referenced row's label into display text (a built-in role's name translated, say). */
  refLabel?: (label: string) => string;
  /** The resource's module: an upload is readable by those who may view it. */
  module: ModuleKey;
}

/** One form input per field kind: text, textarea, number, money, select, multiselect, date, email, phone, password, switch, upload. */
export function FieldInput({ field, label, value, error, onChange, onBlur, option, description, disabled, refLabel, module }: FieldInputProps) {
  const { t } = useTranslation("admin");
  // A student is found by searching (a school has more than a drop-down holds), not from a loaded list.
  const searched = field.kind === "select" && field.ref?.resource === "student";
  const refOptions = useResourceOptions(field.ref?.resource, field.ref?.label ?? "name", !!field.ref && !searched);
  const referenced = refLabel ? refOptions.options.map((o) => ({ ...o, label: refLabel(o.label) })) : refOptions.options;
  const common = { label, error, description, disabled, withAsterisk: field.required, onBlur, name: field.key };
  const text = (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value);
  switch (field.kind) {
    case "textarea":
      return <Textarea {...common} value={String(value ?? "")} onChange={text} autosize minRows={3} maxRows={10} />;
    case "number":
      return <NumberInput {...common} value={value as number | string} onChange={(v) => onChange(v)} />;
    case "money":
      return <MoneyInput {...common} value={value as string} onChange={(v) => onChange(v)} />;
    case "email":
      return <TextInput {...common} type="email" autoComplete="email" leftSection={<IconAt size={16} />} value={String(value ?? "")} onChange={text} />;
    case "phone":
      return (
        <TextInput
          {...common}
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          leftSection={<IconPhone size={16} />}
          value={String(value ?? "")}
          onChange={text}
        />
      );
    case "password":
      return <PasswordInput {...common} autoComplete="new-password" value={String(value ?? "")} onChange={text} />;
    case "switch":
      return (
        <Switch
          label={label}
          description={description}
          error={error}
          disabled={disabled}
          name={field.key}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case "upload":
      return (
        <UploadField
          label={label}
          description={description}
          error={error}
          required={field.required}
          disabled={disabled}
          name={field.key}
          value={String(value ?? "")}
          onChange={onChange}
          module={module}
          kind={field.upload}
        />
      );
    case "date":
      return <SchoolDateInput {...common} clearable past={field.past} value={(value as string | null) || null} onChange={(v) => onChange(v)} />;
    case "select": {
      if (searched) {
        return <StudentPicker {...common} status="" value={value ? String(value) : null} onChange={(v) => onChange(v ?? "")} clearable={!field.required} />;
      }
      const data = field.ref ? referenced : (field.options ?? []).map((o) => ({ value: o, label: option(o) }));
      return (
        <Select
          {...common}
          data={data}
          value={value ? String(value) : null}
          onChange={(v) => onChange(v ?? "")}
          allowDeselect={!field.required}
          clearable={!field.required}
          searchable={data.length > 8}
          nothingFoundMessage={t("form.nothingFound")}
        />
      );
    }
    case "multiselect": {
      const data = field.ref ? referenced : (field.options ?? []).map((o) => ({ value: o, label: option(o) }));
      return (
        <MultiSelect
          {...common}
          data={data}
          value={(value as string[]) ?? []}
          onChange={(v) => onChange(v)}
          searchable
          clearable
          nothingFoundMessage={refOptions.isLoading ? t("form.loadingOptions") : t("form.nothingFound")}
        />
      );
    }
    case "rows":
      throw new Error(`The rows field ${field.key} needs its input: give it a render in the form's fieldOptions`);
    default:
      return <TextInput {...common} dir={field.native ? "auto" : undefined} value={String(value ?? "")} onChange={text} />;
  }
}
