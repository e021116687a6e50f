import { ActionIcon, Button, Group, Input, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { ChecklistItemKind } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import type { FieldOptions } from "../../ui/resource";

type RenderInput = Parameters<NonNullable<FieldOptions["render"]>>[0];
export interface ItemValue {
  id?: number;
  question: string;
  kind: ChecklistItemKind;
  photoRequired: boolean;
}

const itemsOf = (v: unknown): ItemValue[] => (Array.isArray(v) ? (v as ItemValue[]) : []);

/**
 * A checklist's items in their order: each a question answered yes or no, in words or with a
 * number, and whether it needs a photo; moved up and down, added and removed. Kept items carry
 * their ids, so their past answers stay theirs.
 */
export function ChecklistItemsField({ value, onChange, error, label }: RenderInput) {
  const { t } = useTranslation("checklists");
  const items = itemsOf(value);
  const set = (next: ItemValue[]) => onChange(next);
  const patch = (i: number, p: Partial<ItemValue>) => set(items.map((it, n) => (n === i ? { ...it, ...p } : it)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it!);
    set(next);
  };
  return (
    <Input.Wrapper label={label} error={error} withAsterisk>
      <Stack gap="xs" mt={4}>
        {items.map((item, i) => (
          <Paper key={item.id ?? `new-${i}`} withBorder radius="md" p="sm" data-testid={`checklist-item-${i}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t("items.number", { n: i + 1 })}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size={36} disabled={i === 0} aria-label={t("items.up", { n: i + 1 })} onClick={() => move(i, -1)}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size={36}
                    disabled={i === items.length - 1}
                    aria-label={t("items.down", { n: i + 1 })}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    aria-label={t("items.remove", { n: i + 1 })}
                    onClick={() => set(items.filter((_, n) => n !== i))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              <TextInput
                label={t("items.question")}
                withAsterisk
                value={item.question}
                maxLength={300}
                onChange={(e) => patch(i, { question: e.currentTarget.value })}
              />
              <SegmentedControl
                fullWidth
                value={item.kind}
                onChange={(v) => patch(i, { kind: v as ChecklistItemKind })}
                data={ChecklistItemKind.options.map((k) => ({ value: k, label: t(`items.kinds.${k}`) }))}
              />
              <Switch label={t("items.photoRequired")} checked={item.photoRequired} onChange={(e) => patch(i, { photoRequired: e.currentTarget.checked })} />
            </Stack>
          </Paper>
        ))}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => set([...items, { question: "", kind: "yesno", photoRequired: false }])}>
          {t("items.add")}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
