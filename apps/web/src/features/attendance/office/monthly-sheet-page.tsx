import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconFileSpreadsheet, IconPrinter } from "@tabler/icons-react";
import { actionUrl, monthlySheet, monthlySheetExport } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, schoolDay } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useClassrooms } from "../../../lib/use-classrooms";
import { useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";

/** A classroom's month, children by days with totals and percentages: printed from the browser, or downloaded as a spreadsheet. */
export function MonthlySheetPage() {
  const { t } = useTranslation("attendance");
  const errorText = useErrorText();
  const rooms = useClassrooms();
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [month, setMonth] = useState(schoolDay().slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const query = { classroomId: Number(classroomId), month };
  const sheet = useActionQuery(monthlySheet, { query }, { enabled: !!classroomId && valid });
  const fileUrl = `${actionUrl(monthlySheetExport)}?${new URLSearchParams({ classroomId: String(classroomId), month })}`;
  let body: ReactNode;
  if (!classroomId) body = <EmptyList title={t("sheet.chooseClass")} />;
  else if (sheet.isPending) body = <LoadingState text={t("sheet.loading")} />;
  else if (sheet.isError) body = <FailureState reason={errorText(sheet.error)} onRetry={() => void sheet.refetch()} />;
  else
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder withColumnBorders fz="xs" data-testid="monthly-sheet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("sheet.student")}</Table.Th>
              {sheet.data.days.map((d) => (
                <Table.Th key={d.date} style={{ background: d.working ? undefined : "var(--mantine-color-gray-1)" }}>
                  {Number(d.date.slice(8))}
                </Table.Th>
              ))}
              <Table.Th>{t("sheet.present")}</Table.Th>
              <Table.Th>{t("sheet.absent")}</Table.Th>
              <Table.Th>%</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheet.data.students.map((s) => (
              <Table.Tr key={s.studentId}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{s.name}</Table.Td>
                {s.codes.map((c, i) => (
                  <Table.Td key={sheet.data.days[i]!.date}>{c}</Table.Td>
                ))}
                <Table.Td>{s.present}</Table.Td>
                <Table.Td>{s.absent}</Table.Td>
                <Table.Td>{s.percent === null ? "–" : formatNumber(s.percent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Stack gap="sm">
      <Title order={2}>{t("sheet.title")}</Title>
      <Group align="flex-end" gap="xs" className="no-print">
        <Select
          label={t("sheet.classroom")}
          data={rooms.grouped}
          value={classroomId}
          onChange={setClassroomId}
          searchable
          placeholder={t("sheet.chooseClass")}
        />
        <TextInput
          label={t("sheet.month")}
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          placeholder="YYYY-MM"
          error={valid ? undefined : t("sheet.badMonth")}
          w={120}
        />
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!sheet.data}>
          {t("sheet.print")}
        </Button>
        <Button component="a" href={fileUrl} leftSection={<IconFileSpreadsheet size={16} />} disabled={!sheet.data}>
          {t("sheet.export")}
        </Button>
      </Group>
      {sheet.data && <Text fw={600}>{t("sheet.heading", { label: sheet.data.classroom.label, month })}</Text>}
      {body}
    </Stack>
  );
}
