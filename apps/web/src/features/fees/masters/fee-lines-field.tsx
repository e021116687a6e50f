import { ActionIcon, Button, Group, Input, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconCalendarPlus, IconPlus, IconTrash, IconWand } from "@tabler/icons-react";
import { FEE_FREQUENCIES, FEE_HEADS } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type FieldOptions, MoneyInput, majorToMinor, minorToMajor } from "../../../ui/resource";
import { SchoolDateInput } from "../../../ui/school-date-input";

type RenderInput = Parameters<NonNullable<FieldOptions["render"]>>[0];

export interface LineValue {
  id?: number;
  head: string;
  name: string;
  amount: number | null;
  frequency: string;
  dueDates: string[];
}

/** Months between instalments, and how many a year has, by frequency. */
const STEP: Record<string, [months: number, count: number]> = {
  once: [0, 1],
  monthly: [1, 12],
  quarterly: [3, 4],
  termly: [4, 3],
  halfYearly: [6, 2],
  yearly: [12, 1],
};

/** The instalments' dates from the first, a step of months apart (the 31st falls to the month's last day). */
export function instalmentDates(first: string, frequency: string): string[] {
  const [months, count] = STEP[frequency] ?? [0, 1];
  const [y, m, d] = first.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => {
    const total = m - 1 + i * months;
    const year = y + Math.floor(total / 12);
    const month = (total % 12) + 1;
    const last = new Date(year, month, 0).getDate();
    return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
  });
}

const linesOf = (v: unknown): LineValue[] => (Array.isArray(v) ? (v as LineValue[]) : []);

function LineEditor({ line, index, onChange, onRemove }: { line: LineValue; index: number; onChange: (l: LineValue) => void; onRemove: () => void }) {
  const { t } = useTranslation("fees");
  // The amount as typed ("1250." while typing), kept apart from the paise the form holds.
  const [amount, setAmount] = useState(() => minorToMajor(line.amount));
  const set = (patch: Partial<LineValue>) => onChange({ ...line, ...patch });
  const dates = line.dueDates.length ? line.dueDates : [""];
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`fee-line-${index}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t("masters.line", { n: index + 1 })}
          </Text>
          <ActionIcon variant="subtle" color="red" size={36} aria-label={t("masters.removeLine", { n: index + 1 })} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Select
            label={t("masters.head")}
            withAsterisk
            data={FEE_HEADS.map((h) => ({ value: h, label: t(`heads.${h}`) }))}
            value={line.head || null}
            onChange={(v) => set({ head: v ?? "", name: line.name || (v ? t(`heads.${v}`) : "") })}
            allowDeselect={false}
          />
          <TextInput label={t("masters.lineName")} withAsterisk value={line.name} onChange={(e) => set({ name: e.currentTarget.value })} maxLength={80} />
          <MoneyInput
            label={t("masters.amountEach")}
            withAsterisk
            value={amount}
            onChange={(v) => {
              setAmount(v);
              set({ amount: majorToMinor(v) });
            }}
          />
          <Select
            label={t("masters.frequency")}
            withAsterisk
            data={FEE_FREQUENCIES.map((f) => ({ value: f, label: t(`frequencies.${f}`) }))}
            value={line.frequency || null}
            onChange={(v) => set({ frequency: v ?? "once" })}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Input.Wrapper label={t("masters.dueDates")} description={t("masters.dueDatesHint")}>
          <Stack gap={6} mt={4}>
            {dates.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an instalment is its place in the list
              <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
                <SchoolDateInput
                  aria-label={t("masters.instalment", { n: i + 1 })}
                  value={d || null}
                  onChange={(v) => set({ dueDates: dates.map((x, j) => (j === i ? (v ?? "") : x)).filter(Boolean) })}
                  style={{ flex: 1 }}
                />
                {dates.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    aria-label={t("masters.removeInstalment", { n: i + 1 })}
                    onClick={() => set({ dueDates: dates.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCalendarPlus size={14} />}
                onClick={() => set({ dueDates: [...dates.filter(Boolean), ""] })}
              >
                {t("masters.addInstalment")}
              </Button>
              {dates[0] && line.frequency && line.frequency !== "once" && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconWand size={14} />}
                  onClick={() => set({ dueDates: instalmentDates(dates[0]!, line.frequency) })}
                >
                  {t("masters.fillDates")}
                </Button>
              )}
            </Group>
          </Stack>
        </Input.Wrapper>
      </Stack>
    </Paper>
  );
}

function LinesField({ input }: { input: RenderInput }) {
  const { t } = useTranslation("fees");
  const lines = linesOf(input.value);
  const change = (next: LineValue[]) => input.onChange(next);
  return (
    <Input.Wrapper label={input.label} description={input.description} error={input.error} withAsterisk>
      <Stack gap="xs" mt={6}>
        {lines.map((l, i) => (
          <LineEditor
            key={l.id ?? `new-${i}`}
            line={l}
            index={i}
            onChange={(next) => change(lines.map((x, j) => (j === i ? next : x)))}
            onRemove={() => change(lines.filter((_, j) => j !== i))}
          />
        ))}
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() => change([...lines, { head: "tuition", name: t("heads.tuition"), amount: null, frequency: "monthly", dueDates: [] }])}
        >
          {t("masters.addLine")}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

/** The lines of a fee structure: head, name, amount per instalment, frequency and the instalments' due dates. */
export const linesField: FieldOptions = { render: (input) => <LinesField input={input} /> };
