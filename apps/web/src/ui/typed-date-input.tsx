import { ActionIcon, TextInput, type TextInputProps } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dateInputFormat, parseTypedDate, schoolDay, typedDate } from "../lib/format";

/**
 * A date on a form built from FormField, typed the school's way (DD/MM/YYYY in India and the
 * Gulf; the pattern is its placeholder) or picked from the phone's own calendar behind a button;
 * the value is YYYY-MM-DD, or the text as typed until it is a real day (the form's check names
 * it). The browser's date box shows the phone's order instead: month first on an American phone.
 * Light enough for the public form's first load (no date library).
 */
export function TypedDateInput({
  value,
  onChange,
  past,
  ...common
}: Omit<TextInputProps, "value" | "onChange"> & { value: string; onChange: (value: string) => void; past?: boolean }) {
  const { t } = useTranslation("forms");
  const format = dateInputFormat();
  // What the person typed, kept while it is not yet a day (a value from outside is shown the school's way).
  const [typed, setTyped] = useState<{ text: string; value: string }>({ text: typedDate(value), value });
  const text = typed.value === value ? typed.text : typedDate(value);
  const calendar = useRef<HTMLInputElement>(null);
  const take = (next: string) => {
    const iso = parseTypedDate(next);
    setTyped({ text: next, value: iso ?? next });
    onChange(iso ?? next);
  };
  const openCalendar = () => {
    const box = calendar.current;
    if (!box) return;
    if (typeof box.showPicker === "function") box.showPicker();
    else box.click();
  };
  return (
    <TextInput
      {...common}
      dir="ltr"
      style={{ textAlign: "start" }}
      inputMode="numeric"
      autoComplete="off"
      placeholder={format}
      value={text}
      onChange={(e) => take(e.currentTarget.value)}
      rightSectionPointerEvents="all"
      rightSection={
        <>
          <ActionIcon variant="subtle" color="gray" onClick={openCalendar} aria-label={t("apply.pickDate")} disabled={common.disabled}>
            <IconCalendar size={18} />
          </ActionIcon>
          <input
            ref={calendar}
            type="date"
            tabIndex={-1}
            aria-hidden
            max={past ? schoolDay() : undefined}
            value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ""}
            onChange={(e) => e.currentTarget.value && take(typedDate(e.currentTarget.value))}
            style={{ position: "absolute", insetInlineEnd: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: "none" }}
          />
        </>
      }
    />
  );
}
