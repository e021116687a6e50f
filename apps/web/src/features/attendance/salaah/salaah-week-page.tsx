import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { childSalaah, linkedChildren } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, schoolDay } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ChildChooser, useChosenChild } from "../../../ui/child-chooser";
import { FailureState, LoadingState } from "../../../ui/list-states";
import mirror from "../../../ui/mirror.module.css";
import { useReferenceName } from "../../../ui/reference-name";
import { dayBefore, MEANING_COLOR } from "./salaah-marks";

/** A parent's view of their child's prayers: seven days, a row a day, a cell a prayer. */
export function SalaahWeekPage() {
  const { t } = useTranslation("salaah");
  const prayerName = useReferenceName("prayers");
  const optionName = useReferenceName("salaahOptions");
  const errorText = useErrorText();
  const children = useActionQuery(linkedChildren).data?.rows ?? [];
  const { chosen, choose } = useChosenChild(children);
  const [to, setTo] = useState(schoolDay());
  const from = dayBefore(to, 6);
  const week = useActionQuery(childSalaah, { query: { student: chosen?.id ?? 0, from, to } }, { enabled: !!chosen });
  const days = Array.from({ length: 7 }, (_, i) => dayBefore(to, i));
  const logs = week.data?.students[0]?.logs ?? [];
  const types = week.data?.salaahTypes ?? [];
  const options = new Map((week.data?.options ?? []).map((o) => [o.id, o]));

  let body: ReactNode = null;
  // With several children the chooser above asks; with none, it says why there is nothing to show.
  if (!chosen) body = children.length > 1 ? null : <ChildChooser list={children} chosen={null} onChoose={choose} />;
  else if (week.isPending) body = <LoadingState text={t("week.loading")} />;
  else if (week.isError) body = <FailureState reason={errorText(week.error)} onRetry={() => void week.refetch()} />;
  else
    body = (
      <Table.ScrollContainer minWidth={320}>
        <Table withTableBorder striped verticalSpacing={6} horizontalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("week.day")}</Table.Th>
              {types.map((type) => (
                <Table.Th key={type.id} ta="center">
                  {prayerName(type)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day}>
                <Table.Td>
                  <Text size="sm">{formatDate(day)}</Text>
                </Table.Td>
                {types.map((type) => {
                  const log = logs.find((l) => l.date === day && l.salaahTypeId === type.id);
                  const option = log ? options.get(log.optionId) : undefined;
                  return (
                    <Table.Td key={type.id} ta="center">
                      {log ? (
                        <Badge size="sm" color={MEANING_COLOR[log.meaning]} title={option ? optionName(option) : undefined}>
                          {option ? optionName(option) : t(`meanings.${log.meaning}`)}
                        </Badge>
                      ) : (
                        <Text size="xs" c="dimmed" aria-label={t("grid.notMarked")}>
                          –
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm">
      <Title order={2}>{t("week.title")}</Title>
      {children.length > 1 && <ChildChooser list={children} chosen={chosen} onChoose={choose} />}
      {chosen && (
        <Paper withBorder p="xs" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Button variant="subtle" size="compact-md" aria-label={t("week.earlier")} onClick={() => setTo(dayBefore(to, 7))}>
              <IconChevronLeft size={18} className={mirror.mirror} />
            </Button>
            <Text fw={600} size="sm">
              {formatDate(from)} – {formatDate(to)}
            </Text>
            <Button variant="subtle" size="compact-md" aria-label={t("week.later")} disabled={to >= schoolDay()} onClick={() => setTo(dayBefore(to, -7))}>
              <IconChevronRight size={18} className={mirror.mirror} />
            </Button>
          </Group>
        </Paper>
      )}
      {body}
    </Stack>
  );
}
