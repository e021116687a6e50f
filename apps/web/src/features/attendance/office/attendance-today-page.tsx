import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { missingRegisters, registersOfDay, staffPunch, todaysAttendance } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatTime, schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { FailureState, LoadingState } from "../../../ui/list-states";

const daysBack = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Marking oneself in and out, with today's times: for every member of staff. */
export function StaffPunchCard() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const today = useActionQuery(todaysAttendance, {});
  const punch = useAction(staffPunch);
  const me = today.data?.me;
  const go = (action: "in" | "out") => punch.mutate({ body: { action } }, { onError: (e) => notify.error(errorText(e)) });
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="my-day">
          {me
            ? t("staff.inSince", { time: formatTime(me.inAt) }) + (me.outAt ? ` · ${t("staff.outAt", { time: formatTime(me.outAt) })}` : "")
            : t("staff.notIn")}
        </Text>
        <Group gap={6}>
          <Button size="xs" onClick={() => go("in")} disabled={!!me} loading={punch.isPending}>
            {t("staff.markIn")}
          </Button>
          <Button size="xs" variant="default" onClick={() => go("out")} disabled={!me} loading={punch.isPending}>
            {t("staff.markOut")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The office's day: every classroom's register (taken or not, by whom), the registers missing this fortnight, and who is in. */
export function AttendanceTodayPage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const day = schoolDay();
  const registers = useActionQuery(registersOfDay, { query: { date: day } });
  const missing = useActionQuery(missingRegisters, { query: { from: daysBack(day, 13), to: day } });
  const staff = useActionQuery(todaysAttendance, {});
  if (registers.isPending) return <LoadingState text={t("today.loading")} />;
  if (registers.isError) return <FailureState reason={errorText(registers.error)} onRetry={() => void registers.refetch()} />;
  const rows = registers.data.rows;
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t("today.title")}</Title>
      <StaffPunchCard />
      <Text size="sm" c="dimmed">
        {t("today.summary", { taken: rows.filter((r) => r.taken).length, total: rows.length, date: formatDate(registers.data.date) })}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table striped data-testid="registers-today">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("today.classroom")}</Table.Th>
              <Table.Th>{t("today.state")}</Table.Th>
              <Table.Th>{t("today.present")}</Table.Th>
              <Table.Th>{t("today.absent")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.classroomId}>
                <Table.Td>
                  <Anchor component={Link} to={`../register?classroomId=${r.classroomId}&date=${registers.data.date}`}>
                    {r.label}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {r.taken ? (
                    // The name is isolated (FSI...PDI): a Latin name inside Arabic text keeps its own order.
                    <Text size="sm">{t("today.takenBy", { name: `\u2068${r.byName}\u2069`, time: formatTime(r.at) })}</Text>
                  ) : (
                    <Badge color="red.9" variant="light" tt="none">
                      {t("today.notTaken")}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{r.taken ? r.present : "–"}</Table.Td>
                <Table.Td>{r.taken ? r.absent : "–"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={4}>{t("today.missing", { count: missing.data?.count ?? 0 })}</Title>
      <Stack gap={4}>
        {(missing.data?.rows ?? []).slice(0, 50).map((m) => (
          <Anchor key={`${m.classroomId}:${m.date}`} component={Link} to={`../register?classroomId=${m.classroomId}&date=${m.date}`} size="sm">
            {formatDate(m.date)} · {m.label}
          </Anchor>
        ))}
      </Stack>
      <Title order={4}>{t("staff.whoIsIn", { count: staff.data?.inCount ?? 0 })}</Title>
      <Stack gap={4}>
        {(staff.data?.staff ?? []).map((s) => (
          <Text key={s.userId} size="sm">
            {s.name} · {formatTime(s.inAt)}
            {s.outAt ? ` – ${formatTime(s.outAt)}` : ""}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
