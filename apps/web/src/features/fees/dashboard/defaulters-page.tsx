import { ActionIcon, Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconBellRinging, IconMessage, IconPhone, IconSearch } from "@tabler/icons-react";
import { type ActionReply, feeDefaulters, notifyFeesDue } from "@taleem/contract";
import { keepPreviousData, useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { callAction } from "../../../lib/call-action";
import { formatDate, formatNumber } from "../../../lib/format";
import { useActionQuery, useRefreshAfter } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { ListFooter } from "../../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { Money } from "../../../ui/money";
import { useResourceOptions } from "../../../ui/resource";
import { FilterSheet } from "../../../ui/resource/filter-sheet";
import { PHONE } from "../../../ui/resource/resource-cards";
import { useCan } from "../../../ui/use-can";
import { FeeTable } from "../card/fee-table";

type Defaulter = ActionReply<typeof feeDefaulters>["rows"][number];
type Reminded = ActionReply<typeof notifyFeesDue>;
const LIMIT = 25;

/** Call or message the guardian: the phone's own dialer and messages, the number kept left to right. */
function Reach({ mobile, name }: { mobile: string | null; name: string }) {
  const { t } = useTranslation("fees");
  if (!mobile)
    return (
      <Text size="xs" c="dimmed">
        {t("defaulters.noMobile")}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t("defaulters.call", { name })}>
        <ActionIcon component="a" href={`tel:${mobile}`} variant="light" size={36} aria-label={t("defaulters.call", { name })}>
          <IconPhone size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("defaulters.message", { name })}>
        <ActionIcon component="a" href={`sms:${mobile}`} variant="light" color="teal" size={36} aria-label={t("defaulters.message", { name })}>
          <IconMessage size={18} />
        </ActionIcon>
      </Tooltip>
      <Text size="xs">
        <bdi dir="ltr">{mobile}</bdi>
      </Text>
    </Group>
  );
}

/**
 * Students with a balance past its due date and grace, oldest first: whom the office calls or
 * messages, and Remind, which texts each family once per due date and level.
 */
export function DefaultersPage() {
  const { t } = useTranslation(["fees", "admin"]);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const refresh = useRefreshAfter();
  const phone = useMediaQuery(PHONE);
  const batches = useResourceOptions("batch", "name");
  const rooms = useResourceOptions("classRoom", "label");
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 350);
  const [batchId, setBatchId] = useState("");
  const [classroomId, setClassroomId] = useState("");
  const [minDays, setMinDays] = useState<number>(0);
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    batchId: Number(batchId) || undefined,
    classroomId: Number(classroomId) || undefined,
    minDays,
    page,
    limit: LIMIT,
  };
  const list = useActionQuery(feeDefaulters, { query }, { placeholderData: keepPreviousData });
  const [outcome, setOutcome] = useState<Reminded | null>(null);
  const remind = useMutation({
    mutationFn: () => callAction(notifyFeesDue, { body: { batchId: query.batchId, classroomId: query.classroomId } }),
    onSuccess: (r) => {
      setOutcome(r);
      void refresh(notifyFeesDue);
    },
  });
  const filtered = !!(q || batchId || classroomId || minDays);
  const all = t("admin:filters.all");

  let body: ReactNode;
  if (list.isPending) body = <LoadingState text={t("defaulters.loading")} />;
  else if (list.isError && !list.data) body = <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (!list.data?.rows.length)
    body = filtered ? (
      <EmptyList title={t("admin:list.noMatchTitle", { entities: t("defaulters.entities") })} description={t("admin:list.noMatchText")} />
    ) : (
      <EmptyList title={t("defaulters.noneTitle")} description={t("defaulters.noneText")} />
    );
  else
    body = (
      <FeeTable<Defaulter & { id: number }>
        label={t("defaulters.title")}
        testId="defaulters"
        rows={list.data.rows.map((r) => ({ ...r, id: r.studentId }))}
        rowLabel={(r) => r.studentName}
        columns={[
          {
            key: "studentName",
            label: t("dues.fields.studentName"),
            summary: true,
            render: (r) => (
              <div>
                <Anchor component={Link} to={to(`fees/student/${r.studentId}`)} size="sm" fw={500}>
                  <bdi>{r.studentName}</bdi>
                </Anchor>
                <Text size="xs" c="dimmed">
                  <bdi dir="ltr">{r.admissionNo}</bdi>
                  {r.classroomLabel && (
                    <>
                      {" · "}
                      <bdi>{r.classroomLabel}</bdi>
                    </>
                  )}
                </Text>
              </div>
            ),
          },
          { key: "guardian", label: t("defaulters.guardian"), render: (r) => (r.guardianName ? <bdi>{r.guardianName}</bdi> : "—") },
          { key: "reach", label: t("defaulters.reach"), render: (r) => <Reach mobile={r.guardianMobile} name={r.guardianName ?? r.studentName} /> },
          { key: "overdue", label: t("defaulters.overdue"), end: true, render: (r) => <Money value={r.overdue} fw={600} c="red.9" /> },
          {
            key: "since",
            label: t("defaulters.since"),
            render: (r) => (
              <Text size="sm">
                <bdi>{formatDate(r.oldestDueDate)}</bdi>{" "}
                <Text span size="xs" c="dimmed">
                  {t("defaulters.days", { n: formatNumber(r.daysOverdue) })}
                </Text>
              </Text>
            ),
          },
          { key: "remindersSent", label: t("defaulters.reminders"), end: true, render: (r) => <bdi>{formatNumber(r.remindersSent)}</bdi> },
        ]}
      />
    );
  const count = list.data?.count ?? 0;
  const search = (
    <TextInput
      type="search"
      label={t("admin:filters.search")}
      placeholder={t("defaulters.searchPlaceholder")}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        setPage(1);
      }}
      style={{ flex: "1 1 220px", maxWidth: 360 }}
    />
  );
  // On a phone the filters wait in a sheet (as every list's do), so the first card shows on the first screen.
  const filters = [
    <Select
      key="batchId"
      label={t("dues.fields.batchId")}
      data={[{ value: "", label: all }, ...batches.options]}
      value={batchId}
      onChange={(v) => {
        setBatchId(v ?? "");
        setPage(1);
      }}
      allowDeselect={false}
      w={phone ? undefined : 190}
    />,
    <Select
      key="classroomId"
      label={t("dues.fields.classroomId")}
      data={[{ value: "", label: all }, ...rooms.options]}
      value={classroomId}
      onChange={(v) => {
        setClassroomId(v ?? "");
        setPage(1);
      }}
      allowDeselect={false}
      searchable
      w={phone ? undefined : 190}
    />,
    <NumberInput
      key="minDays"
      label={t("defaulters.minDays")}
      dir="ltr"
      min={0}
      max={3650}
      allowDecimal={false}
      value={minDays}
      onChange={(v) => {
        setMinDays(Number(v) || 0);
        setPage(1);
      }}
      w={phone ? undefined : 150}
    />,
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t("defaulters.title")}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("defaulters.description")}
          </Text>
        </div>
        {allowed("fees", "edit") && (
          <Button leftSection={<IconBellRinging size={16} />} onClick={() => remind.mutate()} loading={remind.isPending} disabled={!count} data-testid="remind">
            {batchId || classroomId ? t("defaulters.remindThese") : t("defaulters.remindAll")}
          </Button>
        )}
      </Group>
      {remind.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => remind.reset()}>
          {errorText(remind.error)}
        </Alert>
      )}
      {outcome && (
        <Alert color="teal" role="status" withCloseButton onClose={() => setOutcome(null)} data-testid="remind-outcome">
          {t("defaulters.outcome", {
            reminded: formatNumber(outcome.reminded),
            skipped: formatNumber(outcome.skipped),
            noGuardian: formatNumber(outcome.noGuardian),
          })}
        </Alert>
      )}
      {phone ? (
        <Group align="flex-end" gap="sm" wrap="nowrap">
          {search}
          <FilterSheet set={[batchId, classroomId, minDays].filter(Boolean).length}>{filters}</FilterSheet>
        </Group>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {search}
          {filters}
        </Group>
      )}
      <Paper withBorder radius="md" p={0}>
        {body}
      </Paper>
      <ListFooter page={page} limit={LIMIT} count={count} onChange={setPage} phone={phone} />
    </Stack>
  );
}
