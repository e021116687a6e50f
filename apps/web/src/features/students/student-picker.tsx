import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { StudentRow } from "@taleem/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";

export const studentLabel = (s: Pick<StudentRow, "name" | "admissionNo" | "nameNative">) =>
  `${s.name}${s.nameNative ? ` · ${s.nameNative}` : ""} (${s.admissionNo})`;

/**
 * One student, found by name, native name, admission number or mobile on the server: a school
 * has more students than a drop-down can hold.
 */
export function StudentPicker({
  value,
  onChange,
  status = "active",
  exclude = [],
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange"> & { value: string | null; onChange: (id: string | null) => void; status?: string; exclude?: number[] }) {
  const { t } = useTranslation(["students", "admin"]);
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = useQuery({
    queryKey: resourceKeys("student").list({ q: term, limit: 20, status, purpose: "picker" }),
    queryFn: () => api.get<ListReply<StudentRow>>(resourceUrl("student"), { q: term, limit: 20, status, sort: "name" }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const options = (found.data?.rows ?? []).filter((s) => !exclude.includes(s.id)).map((s) => ({ value: String(s.id), label: studentLabel(s) }));
  if (chosen && value === chosen.value && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
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
