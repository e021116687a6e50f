import { Group, NativeSelect, Select, TextInput } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import type { FilterKind, ResourceDefinition } from "@taleem/contract";
import { useEffect, useState } from "react";
import { SchoolDateInput } from "../school-date-input";
import { FilterSheet } from "./filter-sheet";
import { PHONE } from "./resource-cards";
import type { useResourceTexts } from "./resource-texts";

export type FilterOption = { value: string; label: string };
type Texts = ReturnType<typeof useResourceTexts>;

/** A text box that reports what was typed once typing pauses, so each key does not fetch. */
function DebouncedSearch({ value, onChange, label, placeholder }: { value: string; onChange: (v: string) => void; label: string; placeholder?: string }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 350);
  useEffect(() => setText(value), [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of what was typed reports; a URL change alone must not loop back.
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
  }, [debounced]);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      style={{ flex: "1 1 220px", maxWidth: 360 }}
    />
  );
}

export interface ListFiltersProps {
  definition: ResourceDefinition;
  texts: Texts;
  params: URLSearchParams;
  set: (key: string, value: string | null) => void;
  /** Choices for filters that are not fixed options (a user's role, say). */
  filterOptions?: Partial<Record<string, FilterOption[]>>;
  /** Filters not to show (fixed by the screen). */
  hidden?: readonly string[];
}

/**
 * The list's filters from the definition: search (`q`), and a control per declared filter; "All"
 * clears one. On a phone the controls move into a sheet behind a button that counts those set.
 */
export function ListFilters({ definition, texts, params, set, filterOptions = {}, hidden = [] }: ListFiltersProps) {
  const { t, field, option } = texts;
  const all = t("admin:filters.all");
  const phone = useMediaQuery(PHONE);
  // In the phone's sheet a control takes the sheet's width.
  const control = (key: string, kind: FilterKind, wide = false) => {
    const label = field(key);
    const value = params.get(key);
    if (kind === "search") return <DebouncedSearch key={key} label={label} value={value ?? ""} onChange={(v) => set(key, v || null)} />;
    if (kind === "from" || kind === "to") {
      return <SchoolDateInput key={key} label={label} clearable value={value} onChange={(v) => set(key, v)} w={wide ? undefined : 170} />;
    }
    const fixed = definition.fields.find((f) => f.key === key)?.options;
    const data: FilterOption[] =
      filterOptions[key] ??
      (kind === "boolean"
        ? [
            { value: "true", label: t("admin:common.yes") },
            { value: "false", label: t("admin:common.no") },
          ]
        : (fixed ?? (key === "status" ? ["active", "inactive"] : [])).map((o) => ({ value: o, label: option(key, o) })));
    if (!data.length) return <DebouncedSearch key={key} label={label} value={value ?? ""} onChange={(v) => set(key, v || null)} />;
    // In the phone's sheet, the phone's own picker: no drop-down to position inside a sliding sheet.
    if (wide) {
      return (
        <NativeSelect
          key={key}
          label={label}
          data={[{ value: "All", label: all }, ...data]}
          value={value ?? "All"}
          onChange={(e) => set(key, e.currentTarget.value === "All" ? null : e.currentTarget.value)}
        />
      );
    }
    return (
      <Select
        key={key}
        label={label}
        data={[{ value: "All", label: all }, ...data]}
        value={value ?? "All"}
        onChange={(v) => set(key, !v || v === "All" ? null : v)}
        allowDeselect={false}
        searchable={data.length > 8}
        w={180}
      />
    );
  };
  const shownFilters = Object.entries(definition.filters).filter(([key]) => !hidden.includes(key));
  const search = definition.search.length > 0 && (
    <DebouncedSearch
      label={t("admin:filters.search")}
      placeholder={t("admin:filters.searchPlaceholder", texts.names)}
      value={params.get("q") ?? ""}
      onChange={(v) => set("q", v || null)}
    />
  );
  if (phone && shownFilters.length > 0) {
    return (
      <Group align="flex-end" gap="sm" wrap="nowrap">
        {search}
        <FilterSheet set={shownFilters.filter(([key]) => params.get(key)).length}>{shownFilters.map(([key, kind]) => control(key, kind, true))}</FilterSheet>
      </Group>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {search}
      {shownFilters.map(([key, kind]) => control(key, kind))}
    </Group>
  );
}
