import { Badge, Button, Card, FileInput, Group, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { applyForLeave, linkedChildren, myLeave } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { readDataUrl } from "../../../lib/read-file";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { fieldErrorsOf, useErrorText } from "../../../ui/api-error";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { useReferenceName } from "../../../ui/reference-name";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { leaveTypeOf, STATUS_COLOR } from "./leave-applications-page";

const SELF = "self";

/**
 * Apply for leave on a phone: a parent for one of their children, staff for themselves; a
 * doctor's note may be attached (photographed or a PDF). Below, the applications and what the
 * school decided.
 */
export function LeaveApplyPage() {
  const { t } = useTranslation("leave");
  const typeName = useReferenceName("leaveTypes");
  const errorText = useErrorText();
  const parentOnly = useAuth((s) => s.user?.role?.name === "Parent");
  const children = useActionQuery(linkedChildren).data?.rows ?? [];
  const mine = useActionQuery(myLeave, { query: {} });
  const apply = useAction(applyForLeave);
  const [who, setWho] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(schoolDay());
  const [to, setTo] = useState<string | null>(schoolDay());
  const [reason, setReason] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const whoOptions = [...children.map((c) => ({ value: String(c.id), label: c.name })), ...(parentOnly ? [] : [{ value: SELF, label: t("apply.myself") }])];
  const chosen = who ?? (whoOptions.length === 1 ? whoOptions[0]!.value : null);

  const submit = async () => {
    if (!typeId || !from || !to) return;
    const attachment = file ? { name: file.name, data: await readDataUrl(file) } : undefined;
    apply.mutate(
      {
        body: {
          studentId: chosen && chosen !== SELF ? Number(chosen) : undefined,
          leaveTypeId: Number(typeId),
          fromDate: from,
          toDate: to,
          reason,
          attachment,
        },
      },
      {
        onSuccess: () => {
          notify.success(t("apply.sent"));
          setReason("");
          setFile(null);
          setErrors({});
        },
        onError: (e) => {
          setErrors(fieldErrorsOf(e, errorText, (m) => m ?? ""));
          notify.error(errorText(e));
        },
      },
    );
  };

  const rows = mine.data?.rows ?? [];
  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>{t("apply.title")}</Title>
      <Card withBorder radius="md" p="md">
        <Stack gap="sm">
          <Select label={t("apply.who")} data={whoOptions} value={chosen} onChange={setWho} required error={errors.studentId} />
          <Select
            label={t("applications.fields.leaveTypeId")}
            data={(mine.data?.types ?? []).map((ty) => ({ value: String(ty.id), label: typeName(ty) }))}
            value={typeId}
            onChange={setTypeId}
            required
            error={errors.leaveTypeId}
          />
          <Group grow gap="xs">
            <SchoolDateInput label={t("applications.fields.fromDate")} value={from} onChange={setFrom} required error={errors.fromDate} />
            <SchoolDateInput label={t("applications.fields.toDate")} value={to} onChange={setTo} required error={errors.toDate} minDate={from ?? undefined} />
          </Group>
          <Textarea
            label={t("applications.fields.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={3}
            maxLength={1000}
            error={errors.reason}
          />
          <FileInput
            label={t("apply.attachment")}
            description={t("apply.attachmentHint")}
            accept="image/jpeg,image/png,image/webp,application/pdf"
            leftSection={<IconPaperclip size={16} />}
            value={file}
            onChange={setFile}
            clearable
            error={errors.attachment}
          />
          <Button leftSection={<IconSend size={16} />} loading={apply.isPending} disabled={!chosen || !typeId || !reason.trim()} onClick={() => void submit()}>
            {t("apply.send")}
          </Button>
        </Stack>
      </Card>
      <Title order={3}>{t("apply.mine")}</Title>
      {mine.isPending ? (
        <LoadingState text={t("apply.loading")} />
      ) : mine.isError ? (
        <FailureState reason={errorText(mine.error)} onRetry={() => void mine.refetch()} />
      ) : !rows.length ? (
        <EmptyList title={t("apply.none")} />
      ) : (
        rows.map((r) => (
          <Card key={r.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{r.personName}</Text>
              <Badge color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Badge>
            </Group>
            <Text size="sm">
              <bdi>{typeName(leaveTypeOf(r))}</bdi> · {formatDate(r.fromDate)} – {formatDate(r.toDate)} · {t("apply.days", { count: r.days })}
            </Text>
            {r.decisionNote && (
              <Text size="sm" c="dimmed">
                {r.decisionNote}
              </Text>
            )}
          </Card>
        ))
      )}
    </Stack>
  );
}
