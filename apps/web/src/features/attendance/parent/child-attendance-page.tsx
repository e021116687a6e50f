import { Badge, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { childAttendance, linkedChildren } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, localDay } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { StaffPunchCard } from "../office/attendance-today-page";

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The parent area's attendance: a parent's child this month; staff and Muawin mark themselves in and out. */
export function ChildAttendancePage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const staff = useAuth((s) => s.user?.role.builtin !== "parent");
  const kids = useActionQuery(linkedChildren).data?.rows ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const studentId = chosen ?? (kids[0] ? String(kids[0].id) : null);
  const today = localDay();
  const month = useActionQuery(childAttendance, { query: { studentId: Number(studentId), from: monthStart(today), to: today } }, { enabled: !!studentId });
  if (staff && !kids.length) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={2}>{t("staff.title")}</Title>
        <StaffPunchCard />
      </Stack>
    );
  }
  let body: ReactNode;
  if (!studentId) body = <EmptyList title={t("child.noChildren")} />;
  else if (month.isPending) body = <LoadingState text={t("child.loading")} />;
  else if (month.isError) body = <FailureState reason={errorText(month.error)} onRetry={() => void month.refetch()} />;
  else
    body = (
      <Stack gap={6}>
        <Text fw={600}>{t("child.summary", { present: month.data.presentCount, total: month.data.totalCount, percent: month.data.present })}</Text>
        {month.data.attendances.map((a) => (
          <Paper key={a.date} withBorder p="xs">
            <Group justify="space-between">
              <Text size="sm">{formatDate(a.date)}</Text>
              <Badge color={a.status === "PRESENT" ? "teal" : "red"}>{t(`meanings.${a.meaning}`)}</Badge>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm" maw={560}>
      <Title order={2}>{t("child.title")}</Title>
      {kids.length > 1 && (
        <Select label={t("child.child")} data={kids.map((c) => ({ value: String(c.id), label: c.name }))} value={studentId} onChange={setChosen} />
      )}
      {body}
    </Stack>
  );
}
