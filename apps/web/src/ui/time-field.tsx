import { TimeInput } from "@mantine/dates";
import type { FieldOptions } from "./resource";

/** A resource form's HH:MM field as the browser's time input (the contract keeps it as text). */
export const timeField: FieldOptions = {
  render: ({ value, error, onChange, label }) => (
    <TimeInput dir="ltr" label={label} withAsterisk error={error} value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
};
