import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  type ActionReply,
  type AdmissionRow,
  approveAdmission,
  enrolAdmission,
  type LetterResult,
  rejectAdmission,
  sendApprovalLetter,
  sendRejectionLetter,
} from "@taleem/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useClassrooms } from "../../lib/use-classrooms";
import { useErrorText, useFieldErrors } from "../../ui/api-error";

/** Says where each letter went: sent, waiting in the outbox (no gateway), or failed. */
export function useLetterNotice() {
  const { t } = useTranslation("admissions");
  return (letters: LetterResult[]) => {
    if (!letters.length) return;
    const lines = letters.map((l) => t(`letters.${l.status}`, { channel: t(`channels.${l.channel}`), to: `\u2066${l.to}\u2069` })).join(" ");
    if (letters.every((l) => l.status === "failed")) notify.error(lines, t("letters.failedTitle"));
    else notify.info(lines, t("letters.title"));
  };
}

type Decision = "approve" | "reject";

/** Approve or reject, with the letter sent right away unless the school unticks it. */
export function DecisionDialog({ admission, kind, onClose }: { admission: AdmissionRow; kind: Decision | null; onClose: () => void }) {
  const { t } = useTranslation(["admissions", "admin"]);
  const errorText = useErrorText();
  const letterNotice = useLetterNotice();
  const [reason, setReason] = useState("");
  const [send, setSend] = useState(true);
  useEffect(() => {
    if (kind) {
      setReason("");
      setSend(true);
    }
  }, [kind]);
  const approve = useAction(approveAdmission);
  const reject = useAction(rejectAdmission);
  const decision = kind === "reject" ? reject : approve;
  const decide = () => {
    const done = {
      onSuccess: (r: { letters: LetterResult[] }) => {
        notify.success(t(kind === "reject" ? "admissions:actions.rejected" : "admissions:actions.approved"));
        letterNotice(r.letters);
        onClose();
      },
      onError: (e: Error) => notify.error(`${t(kind === "reject" ? "admissions:actions.rejectFailed" : "admissions:actions.approveFailed")} ${errorText(e)}`),
    };
    if (kind === "reject") reject.mutate({ body: { id: admission.id, reason: reason.trim() || null, notify: send } }, done);
    else approve.mutate({ body: { id: admission.id, status: "approved", notify: send } }, done);
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={t(kind === "reject" ? "admissions:actions.rejectTitle" : "admissions:actions.approveTitle", { name: admission.name })}
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t(kind === "reject" ? "admissions:actions.rejectText" : "admissions:actions.approveText", { no: admission.applicationNo })}</Text>
        {kind === "reject" && (
          <Textarea
            label={t("admissions:actions.reason")}
            description={t("admissions:actions.reasonHint")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={3}
            name="reason"
          />
        )}
        <Checkbox checked={send} onChange={(e) => setSend(e.currentTarget.checked)} label={t("admissions:actions.sendLetterNow")} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decision.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button color={kind === "reject" ? "red" : undefined} onClick={decide} loading={decision.isPending} data-autofocus>
            {t(kind === "reject" ? "admissions:actions.reject" : "admissions:actions.approve")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Sends the approval or rejection letter again. */
export function useSendLetter(admission: AdmissionRow | undefined) {
  const { t } = useTranslation("admissions");
  const errorText = useErrorText();
  const letterNotice = useLetterNotice();
  const approval = useAction(sendApprovalLetter);
  const rejection = useAction(sendRejectionLetter);
  return {
    isPending: approval.isPending || rejection.isPending,
    mutate: (kind: "approval" | "rejection") => {
      notify.info(t("letters.sending"));
      (kind === "approval" ? approval : rejection).mutate(
        { body: { id: admission!.id } },
        {
          onSuccess: (r) => letterNotice(r.letters),
          onError: (e) => notify.error(`${t("letters.failedTitle")} ${errorText(e)}`),
        },
      );
    },
  };
}

type EnrolReply = ActionReply<typeof enrolAdmission>;

/** Enrols an approved applicant: the student, the parent's account and the class place, at once. */
export function EnrolDialog({
  admission,
  opened,
  onClose,
  onEnrolled,
}: {
  admission: AdmissionRow;
  opened: boolean;
  onClose: () => void;
  onEnrolled: (r: EnrolReply) => void;
}) {
  const { t } = useTranslation(["admissions", "admin"]);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const rooms = useClassrooms(opened);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [admissionNo, setAdmissionNo] = useState("");
  const [rollNo, setRollNo] = useState<number | string>("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The application's batch, else the active one, is where most children go.
  useEffect(() => {
    if (!opened) return;
    setBatchId((b) => b ?? (admission.batchId ? String(admission.batchId) : rooms.activeBatchId ? String(rooms.activeBatchId) : null));
  }, [opened, admission.batchId, rooms.activeBatchId]);

  const batchOptions = rooms.batches.map((b) => ({ value: String(b.id), label: b.name }));
  const classOptions = useMemo(
    () =>
      rooms.rows
        .filter((c) => String(c.batchId) === batchId)
        .map((c) => ({ value: String(c.id), label: `${c.label} (${c.courseName})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [rooms.rows, batchId],
  );

  const enrol = useAction(enrolAdmission);
  const submit = () =>
    enrol.mutate(
      {
        body: {
          id: admission.id,
          classroomId: Number(classroomId),
          ...(admissionNo.trim() ? { admissionNo: admissionNo.trim() } : {}),
          ...(rollNo !== "" ? { rollNo: Number(rollNo) } : {}),
        },
      },
      {
        onSuccess: (r) => {
          notify.success(t(r.parentCreated ? "admissions:enrol.doneNewParent" : "admissions:enrol.done", { name: admission.name }));
          onEnrolled(r);
          onClose();
        },
        onError: (e) => {
          setErrors(fieldErrors(e));
          notify.error(`${t("admissions:enrol.failed")} ${errorText(e)}`);
        },
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("admissions:enrol.title", { name: admission.name })}
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">{t("admissions:enrol.text")}</Text>
        {rooms.isSuccess && rooms.rows.length === 0 && <Alert color="yellow">{t("admissions:enrol.noClassrooms")}</Alert>}
        <Select
          label={t("admissions:enrol.batch")}
          data={batchOptions}
          value={batchId}
          onChange={(v) => {
            setBatchId(v);
            setClassroomId(null);
          }}
          allowDeselect={false}
          searchable={batchOptions.length > 8}
          name="batchId"
        />
        <Select
          label={t("admissions:enrol.classroom")}
          data={classOptions}
          value={classroomId}
          onChange={(v) => {
            setClassroomId(v);
            setErrors({});
          }}
          withAsterisk
          searchable={classOptions.length > 8}
          nothingFoundMessage={t("admin:form.nothingFound")}
          error={errors.classroomId}
          name="classroomId"
          disabled={!batchId}
        />
        <TextInput
          label={t("admissions:enrol.admissionNo")}
          description={t("admissions:enrol.admissionNoHint", { no: admission.applicationNo })}
          value={admissionNo}
          onChange={(e) => setAdmissionNo(e.currentTarget.value)}
          maxLength={40}
          error={errors.admissionNo}
          name="admissionNo"
        />
        <NumberInput
          label={t("admissions:enrol.rollNo")}
          value={rollNo}
          onChange={setRollNo}
          min={1}
          max={100000}
          allowDecimal={false}
          error={errors.rollNo}
          name="rollNo"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={enrol.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button onClick={submit} loading={enrol.isPending} disabled={!classroomId}>
            {t("admissions:enrol.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
