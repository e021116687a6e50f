import { Button, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type HifzSessionRow, hifzSessionResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, schoolDay } from "../../../lib/format";
import { useFieldErrors } from "../../../ui/api-error";
import { useResourceList, useResourceMutations, useResourceOptions } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";

interface SittingPickerProps {
  value: number | null;
  /** The halqa to make today's sitting for, chosen already (from the halqas' list). */
  groupId?: string | null;
  onChange: (sessionId: number) => void;
}

/**
 * Which sitting to log: today's first, then the latest before; or today's sitting made for a
 * halqa at once (its members are seated as it is made).
 */
export function SittingPicker({ value, groupId: chosen = null, onChange }: SittingPickerProps) {
  const { t } = useTranslation("hifz");
  const can = useCan();
  const today = schoolDay();
  const todays = useResourceList<HifzSessionRow>(hifzSessionResource, { dateFrom: today, dateTo: today, limit: 100, sort: "-date" });
  const recent = useResourceList<HifzSessionRow>(hifzSessionResource, { dateTo: today, limit: 30, sort: "-date" });
  const groups = useResourceOptions("recitation-group", "name");
  const { create } = useResourceMutations<HifzSessionRow>(hifzSessionResource);
  const fieldErrors = useFieldErrors();
  const [groupId, setGroupId] = useState<string | null>(chosen);

  const label = (s: HifzSessionRow) => [s.recitationGroupName ?? t("halqa.noGroup"), s.startTime?.slice(0, 5), s.teacherName].filter(Boolean).join(" · ");
  const mine = todays.data?.rows ?? [];
  const earlier = (recent.data?.rows ?? []).filter((s) => s.date !== today);
  const data = [
    ...(mine.length ? [{ group: t("halqa.today"), items: mine.map((s) => ({ value: String(s.id), label: label(s) })) }] : []),
    ...(earlier.length
      ? [{ group: t("halqa.earlier"), items: earlier.map((s) => ({ value: String(s.id), label: `${formatDate(s.date)} · ${label(s)}` })) }]
      : []),
  ];
  const hasToday = (id: string | null) => !!id && mine.some((s) => String(s.recitationGroupId) === id);
  const createError = create.error ? (fieldErrors(create.error).recitationGroupId ?? fieldErrors(create.error).date) : undefined;

  const start = () => {
    if (!groupId) return;
    create.mutate({ recitationGroupId: Number(groupId), date: today }, { onSuccess: (r) => onChange(r.data.id) });
  };

  return (
    <Stack gap="xs">
      <Select
        label={t("halqa.sitting")}
        placeholder={data.length ? t("halqa.chooseSitting") : t("halqa.noSittings")}
        data={data}
        value={value ? String(value) : null}
        onChange={(v) => v && onChange(Number(v))}
        searchable
        nothingFoundMessage={t("halqa.noSittings")}
        data-testid="sitting-select"
      />
      {can("hifz", "add") && (
        <Paper withBorder radius="md" p="xs">
          <Text size="sm" fw={500} mb={4}>
            {t("halqa.startToday", { date: formatDate(today) })}
          </Text>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Select
              aria-label={t("halqa.group")}
              placeholder={t("halqa.chooseGroup")}
              data={groups.options}
              value={groupId}
              onChange={setGroupId}
              searchable
              error={createError}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="group-select"
            />
            <Button leftSection={<IconPlus size={16} />} disabled={!groupId} loading={create.isPending} onClick={start} style={{ flexShrink: 0 }}>
              {hasToday(groupId) ? t("halqa.another") : t("halqa.start")}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
