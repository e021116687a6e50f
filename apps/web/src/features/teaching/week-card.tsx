import { Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconNotebook, IconUsers } from "@tabler/icons-react";
import type { TeachingHour, TeachingSitting } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import mirror from "../../ui/mirror.module.css";
import { useCan } from "../../ui/use-can";
import { dayName, links, timeName } from "./teaching-links";

export type WeekItem = { kind: "hour"; at: string; hour: TeachingHour } | { kind: "sitting"; at: string; sitting: TeachingSitting };

/** One row of a coming day: its time and what is taught, opening the class list or the halqa. */
function Row({ item }: { item: WeekItem }) {
  const { t } = useTranslation("parent");
  const can = useCan();
  const hour = item.kind === "hour" ? item.hour : null;
  const sitting = item.kind === "sitting" ? item.sitting : null;
  const to = hour ? links.classList(hour.classroomId) : can("hifz", "view") ? links.sitting(sitting!.sessionId) : null;
  const Icon = hour ? IconUsers : IconNotebook;
  const body = (
    <Group wrap="nowrap" gap="sm" py={6} px={4}>
      <Text size="xs" c="dimmed" w={64} style={{ flexShrink: 0 }}>
        {timeName(item.at || null)}
      </Text>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {hour ? (
            <>
              <bdi>{hour.subjectName}</bdi> · <bdi>{hour.classroomLabel}</bdi>
            </>
          ) : (
            <bdi>{sitting!.groupName ?? t("classes.sitting")}</bdi>
          )}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {hour ? <bdi>{hour.courseName}</bdi> : t("classes.seated", { n: formatNumber(sitting!.seated) })}
        </Text>
      </div>
      {to && <Icon size={16} aria-hidden />}
      {to && <IconChevronRight size={16} className={mirror.mirror} aria-hidden />}
    </Group>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} style={{ borderRadius: "var(--mantine-radius-sm)" }} data-testid="week-item">
      {body}
    </UnstyledButton>
  ) : (
    <div data-testid="week-item">{body}</div>
  );
}

/** A coming day: its hours and sittings in time order, one compact card. */
export function WeekDayCard({ date, items }: { date: string; items: WeekItem[] }) {
  return (
    <Card withBorder radius="md" padding="xs" data-testid="week-day">
      <Text size="sm" fw={700} px={4} pb={2}>
        {dayName(date)}
      </Text>
      <Stack gap={0}>
        {items.map((item) => (
          <Row key={item.kind === "hour" ? `h-${item.hour.hourId}` : `s-${item.sitting.sessionId}`} item={item} />
        ))}
      </Stack>
    </Card>
  );
}
