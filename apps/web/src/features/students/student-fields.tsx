import { TextInput } from "@mantine/core";
import type { FieldOptions } from "../../ui/resource";

/** A name in the student's own script: typed and shown in its own direction. */
export const nativeNameField = (description?: string): FieldOptions => ({
  render: ({ value, error, onChange, label }) => (
    <TextInput
      label={label}
      description={description}
      error={error}
      dir="auto"
      value={String(value ?? "")}
      onChange={(e) => onChange(e.currentTarget.value)}
      name="nameNative"
    />
  ),
});
