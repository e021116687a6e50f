import { ActionIcon, Button, Group, Input, NumberInput, Paper, Select, SimpleGrid, Stack } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { FineRule } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type FieldOptions, MoneyInput, majorToMinor, minorToMajor } from "../../../ui/resource";

type RenderInput = Parameters<NonNullable<FieldOptions["render"]>>[0];
type Rule = NonNullable<FineRule>;
type Slab = { afterDays: number; amount: number };

const KINDS = ["none", "fixed", "percent", "perDay", "slabs"] as const;

/** The form starts a fine rule as an empty list (a rows field): that is no rule. */
const ruleOf = (v: unknown): Rule | null => (v && !Array.isArray(v) && typeof v === "object" ? (v as Rule) : null);

/** An amount typed in rupees and kept in paise, its text held while typing ("12."). */
function Amount({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (minor: number | null) => void;
  required?: boolean;
}) {
  const [text, setText] = useState(() => minorToMajor(value ?? null));
  return (
    <MoneyInput
      label={label}
      withAsterisk={required}
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(majorToMinor(v));
      }}
    />
  );
}

function FineRuleField({ input }: { input: RenderInput }) {
  const { t } = useTranslation("fees");
  const rule = ruleOf(input.value);
  const kind = rule?.kind ?? "none";
  const set = (next: Rule | null) => input.onChange(next);
  const base = { graceDays: rule?.graceDays ?? 0, cap: rule?.cap ?? null };
  const choose = (k: string) => {
    if (k === "none") return set(null);
    if (k === "fixed" || k === "perDay") return set({ kind: k, ...base, amount: 0 });
    if (k === "percent") return set({ kind: "percent", ...base, percent: 0 });
    return set({ kind: "slabs", ...base, slabs: [{ afterDays: 1, amount: 0 }] });
  };
  const slabs: Slab[] = rule?.kind === "slabs" ? rule.slabs : [];
  return (
    <Input.Wrapper label={input.label} description={input.description ?? t("masters.fineHint")} error={input.error}>
      <Paper withBorder radius="md" p="sm" mt={6}>
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Select
              label={t("masters.fineKind")}
              data={KINDS.map((k) => ({ value: k, label: t(`fineKinds.${k}`) }))}
              value={kind}
              onChange={(v) => choose(v ?? "none")}
              allowDeselect={false}
            />
            {rule && (
              <NumberInput
                label={t("masters.graceDays")}
                dir="ltr"
                min={0}
                max={365}
                allowDecimal={false}
                value={rule.graceDays}
                onChange={(v) => set({ ...rule, graceDays: Number(v) || 0 })}
              />
            )}
            {(rule?.kind === "fixed" || rule?.kind === "perDay") && (
              <Amount
                key={rule.kind}
                label={t(rule.kind === "perDay" ? "masters.finePerDay" : "masters.fineAmount")}
                required
                value={rule.amount}
                onChange={(v) => set({ ...rule, amount: v ?? 0 })}
              />
            )}
            {rule?.kind === "percent" && (
              <NumberInput
                label={t("masters.finePercent")}
                withAsterisk
                dir="ltr"
                min={0}
                max={100}
                decimalScale={2}
                suffix="%"
                value={rule.percent / 100}
                onChange={(v) => set({ ...rule, percent: Math.round((Number(v) || 0) * 100) })}
              />
            )}
            {rule && (
              <Amount key={`cap-${rule.kind}`} label={t("masters.fineCap")} value={rule.cap ?? null} onChange={(v) => set({ ...rule, cap: v || null })} />
            )}
          </SimpleGrid>
          {rule?.kind === "slabs" && (
            <Stack gap={6}>
              {slabs.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a slab is its place in the list
                <Group key={i} gap="xs" wrap="wrap" align="flex-end">
                  <NumberInput
                    label={t("masters.slabAfter")}
                    dir="ltr"
                    min={0}
                    max={3650}
                    allowDecimal={false}
                    w={130}
                    value={s.afterDays}
                    onChange={(v) => set({ ...rule, slabs: slabs.map((x, j) => (j === i ? { ...x, afterDays: Number(v) || 0 } : x)) })}
                  />
                  <div style={{ flex: "1 1 160px" }}>
                    <Amount
                      label={t("masters.slabAmount")}
                      required
                      value={s.amount}
                      onChange={(v) => set({ ...rule, slabs: slabs.map((x, j) => (j === i ? { ...x, amount: v ?? 0 } : x)) })}
                    />
                  </div>
                  {slabs.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={36}
                      aria-label={t("masters.removeSlab", { n: i + 1 })}
                      onClick={() => set({ ...rule, slabs: slabs.filter((_, j) => j !== i) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {slabs.length < 12 && (
                <Button
                  size="xs"
                  variant="default"
                  w="fit-content"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => set({ ...rule, slabs: [...slabs, { afterDays: (slabs.at(-1)?.afterDays ?? 0) + 15, amount: 0 }] })}
                >
                  {t("masters.addSlab")}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}

/** A fee structure's late fine: none, fixed, a percent, per day or slabs, after a grace period, capped. */
export const fineRuleField: FieldOptions = { render: (input) => <FineRuleField input={input} /> };
