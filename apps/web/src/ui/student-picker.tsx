import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { StudentRow } from "@taleem/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api";
import { type ListParams, resourceKeys, resourceUrl } from "./resource/resource-keys";
import type { ListReply, SavedReply } from "./resource/use-resource";

export const studentLabel = (s: Pick<StudentRow, "name" | "admissionNo" | "nameNative">) =>
  `${s.name}${s.nameNative ? ` · ${s.nameNative}` : ""} (${s.admissionNo})`;

export type StudentPickerProps = Omit<SelectProps, "data" | "value" | "onChange"> & {
  value: string | null;
  onChange: (id: string | null) => void;
  /** Only students of this status ("" for all). */
  status?: string;
  exclude?: number[];
};

/**
 * One student, found by name, native name, admission number or mobile on the server: a school
 * has more students than a drop-down can hold. Every form field that refers to a student uses it.
 */
export function StudentPicker({ value, onChange, status = "active", exclude = [], ...props }: StudentPickerProps) {
  const { t } = useTranslation(["students", "admin"]);
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const query: ListParams = { q: term, limit: 20, sort: "name", ...(status ? { status } : {}) };
  const found = useQuery({
    queryKey: resourceKeys("student").list({ ...query, purpose: "picker" }),
    queryFn: () => api.get<ListReply<StudentRow>>(resourceUrl("student"), query),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const options = (found.data?.rows ?? []).filter((s) => !exclude.includes(s.id)).map((s) => ({ value: String(s.id), label: studentLabel(s) }));
  const listed = !value || options.some((o) => o.value === value) || chosen?.value === value;
  // A form opened on a saved row names its student even when the first page of names does not hold them.
  const saved = useQuery({
    queryKey: [...resourceKeys("student").detail(Number(value)), "label"],
    queryFn: () => api.get<SavedReply<StudentRow>>(`${resourceUrl("student")}/${value}`),
    enabled: !listed && /^\d+$/.test(value ?? ""),
    staleTime: 60_000,
  });
  if (chosen && value === chosen.value && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  else if (!listed && saved.data) options.unshift({ value: String(saved.data.data.id), label: studentLabel(saved.data.data) });
  return (
    <Select
      placeholder={t("students:picker.placeholder")}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={(v, option) => {
        setChosen(v && option ? { value: v, label: option.label } : null);
        onChange(v);
      }}
      nothingFoundMessage={found.isFetching ? t("admin:form.loadingOptions") : t("admin:form.nothingFound")}
      {...props}
    />
  );
}
