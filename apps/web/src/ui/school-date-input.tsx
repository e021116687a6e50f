import { DateInput, type DateInputProps } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { useTranslation } from "react-i18next";
import { dateInputFormat, parseTypedDate, schoolDay, typedDate } from "../lib/format";
import { useSchoolCountry, useWorkingDays } from "./school-country";

export interface SchoolDateInputProps extends Omit<DateInputProps, "value" | "onChange" | "valueFormat" | "dateParser"> {
  /** YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /**
   * A day that has come (a birth date): the picker offers no later day and opens years back; a
   * later day typed stays as typed, with the reason under it (the form's check refuses it).
   */
  past?: boolean;
  /** The country when no school is signed in (a public form's school). */
  country?: string | null;
}

/** How far back a birth date's picker opens: a child's age. */
const CHILD_YEARS = 8;

/**
 * A date typed and shown the school's way (DD/MM/YYYY in India, Pakistan and the Gulf, in the
 * school's digits), with the pattern as its placeholder; the value stays YYYY-MM-DD.
 */
export function SchoolDateInput({ value, onChange, past, country: known, ...props }: SchoolDateInputProps) {
  const { t } = useTranslation("admin");
  const country = useSchoolCountry(known);
  const working = useWorkingDays();
  // The picker greys the school's days off as its weekend (0 Sunday ... 6 Saturday there).
  const weekendDays = [0, 1, 2, 3, 4, 5, 6].filter((d) => !working.includes(d === 0 ? 7 : d)) as DateInputProps["weekendDays"];
  const format = dateInputFormat(country);
  const near = past && !value;
  const today = schoolDay();
  // A maximum would make the input drop a later day typed into it, silently, on leaving the field.
  const future = past && !!value && value > today;
  return (
    <DateInput
      placeholder={format}
      weekendDays={weekendDays}
      {...props}
      dir="ltr"
      value={value}
      onChange={onChange}
      valueFormat={(day) => typedDate(day.slice(0, 10), country)}
      dateParser={(text) => parseTypedDate(text, country)}
      excludeDate={past ? (day) => day > today : props.excludeDate}
      error={props.error || (future ? t("validation.notFuture") : undefined)}
      defaultDate={near ? schoolDay(CHILD_YEARS) : props.defaultDate}
      defaultLevel={near ? "decade" : props.defaultLevel}
    />
  );
}
