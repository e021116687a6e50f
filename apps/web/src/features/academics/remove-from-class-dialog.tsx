import { Alert, Button, Group, List, Modal, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconUserMinus } from "@tabler/icons-react";
import { removeFromClass } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useAction, useRefreshAfter } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { EnrolmentDateInput } from "../../ui/enrolment/enrolment-date-input";
import type { EnrolmentTarget } from "../../ui/enrolment/enrolment-dialogs";

/**
 * Takes students out of a classroom: each active enrolment ends as "removed" on a date, with an
 * optional reason, and stays in the student's history (nothing is deleted). All or none: one
 * enrolment that cannot end (already ended elsewhere, say) leaves every one as it was.
 */
export function RemoveFromClassDialog({
  targets,
  classroomLabel,
  onClose,
  onRemoved,
}: {
  targets: EnrolmentTarget[];
  classroomLabel: string;
  onClose: () => void;
  /** The enrolment ids that ended, so a page can drop them from its selection. */
  onRemoved?: (ids: number[]) => void;
}) {
  const { t } = useTranslation(["academics", "admin"]);
  const errorText = useErrorText();
  const phone = useMediaQuery("(max-width: 30em)");
  const refresh = useRefreshAfter();
  const opened = targets.length > 0;
  const [date, setDate] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const remove = useAction(removeFromClass);
  const submit = () =>
    remove.mutate(
      { body: { ids: targets.map((x) => x.id), date: date ?? undefined, reason: reason.trim() || undefined } },
      {
        onSuccess: (r) => {
          notify.success(t("academics:enrolments.remove.done", { n: formatNumber(r.removed), classroom: iso(classroomLabel) }));
          onRemoved?.(targets.map((x) => x.id));
          onClose();
        },
        // A refusal often means the roster is stale (ended from another screen): it is read again.
        onError: () => void refresh(removeFromClass),
      },
    );
  const { reset } = remove;
  // Each opening starts clean: no date, no reason, no error from the last try.
  useEffect(() => {
    if (!opened) return;
    setDate(null);
    setReason("");
    reset();
  }, [opened, reset]);

  const one = targets.length === 1 ? targets[0] : undefined;
  const title = one
    ? t("academics:enrolments.remove.titleOne", { name: iso(one.studentName), classroom: iso(classroomLabel) })
    : t("academics:enrolments.remove.titleMany", { n: formatNumber(targets.length), classroom: iso(classroomLabel) });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered fullScreen={phone}>
      <Stack gap="md">
        {!one && (
          <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
            <List size="sm" spacing={2} aria-label={t("academics:enrolments.remove.students")}>
              {targets.map((x) => (
                <List.Item key={x.id}>
                  <bdi>{x.studentName}</bdi>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
        <Text size="sm">{t("academics:enrolments.remove.text")}</Text>
        <EnrolmentDateInput label={t("academics:enrolments.remove.date")} value={date} onChange={setDate} />
        <TextInput
          label={t("academics:enrolments.remove.reason")}
          description={t("academics:enrolments.remove.reasonHint")}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
        />
        {remove.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t("academics:enrolments.remove.failed")}>
            {errorText(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button color="red" leftSection={<IconUserMinus size={16} />} loading={remove.isPending} onClick={submit}>
            {t("academics:enrolments.remove.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
