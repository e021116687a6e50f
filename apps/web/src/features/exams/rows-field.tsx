import { ActionIcon, Button, Group, Input, NumberInput, Select, Stack } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { FieldOptions } from "../../ui/resource";
import { useResourceOptions } from "../../ui/resource";

type Row = Record<string, number | null>;

const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);

type RenderInput = Parameters<NonNullable<FieldOptions["render"]>>[0];

interface Column {
  key: string;
  label: string;
  kind: "select" | "number";
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  width?: number;
}

function RowsEditor({ input, columns, blank, addLabel }: { input: RenderInput; columns: Column[]; blank: Row; addLabel: string }) {
  const { t } = useTranslation("exams");
  const rows = rowsOf(input.value);
  const change = (next: Row[]) => input.onChange(next);
  const setCell = (i: number, key: string, v: number | null) => change(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  return (
    <Input.Wrapper label={input.label} description={input.description} error={input.error} withAsterisk>
      <Stack gap="xs" mt={6}>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved
          <Group key={i} gap="xs" wrap="wrap" align="flex-end" data-testid={`rows-${i}`}>
            {columns.map((c) =>
              c.kind === "select" ? (
                <Select
                  key={c.key}
                  label={c.label}
                  data={c.options ?? []}
                  value={r[c.key] == null ? null : String(r[c.key])}
                  onChange={(v) => setCell(i, c.key, v ? Number(v) : null)}
                  searchable
                  style={{ flex: "1 1 180px" }}
                />
              ) : (
                <NumberInput
                  key={c.key}
                  label={c.label}
                  value={r[c.key] ?? ""}
                  onChange={(v) => setCell(i, c.key, v === "" ? null : Number(v))}
                  min={c.min}
                  max={c.max}
                  allowDecimal={false}
                  w={c.width ?? 110}
                  dir="ltr"
                />
              ),
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              aria-label={t("form.removeRow", { n: i + 1 })}
              onClick={() => change(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="default" size="sm" leftSection={<IconPlus size={16} />} onClick={() => change([...rows, { ...blank }])} w="fit-content">
          {addLabel}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

function SubjectsField({ input }: { input: RenderInput }) {
  const { t } = useTranslation("exams");
  const subjects = useResourceOptions("subject", "name");
  return (
    <RowsEditor
      input={input}
      addLabel={t("form.addSubject")}
      blank={{ subjectId: null, maxMarks: 100, passMarks: 35 }}
      columns={[
        { key: "subjectId", label: t("form.subject"), kind: "select", options: subjects.options },
        { key: "maxMarks", label: t("form.maxMarks"), kind: "number", min: 1, max: 1000 },
        { key: "passMarks", label: t("form.passMarks"), kind: "number", min: 0, max: 1000 },
      ]}
    />
  );
}

function TermsField({ input }: { input: RenderInput }) {
  const { t } = useTranslation("exams");
  const masters = useResourceOptions("exammaster", "name");
  return (
    <RowsEditor
      input={input}
      addLabel={t("form.addTerm")}
      blank={{ examMasterId: null, weight: null }}
      columns={[
        { key: "examMasterId", label: t("form.term"), kind: "select", options: masters.options },
        { key: "weight", label: t("form.weight"), kind: "number", min: 1, max: 100, width: 120 },
      ]}
    />
  );
}

export const subjectsField: FieldOptions = { render: (input) => <SubjectsField input={input} /> };
export const termsField: FieldOptions = { render: (input) => <TermsField input={input} /> };
