import { Anchor, Badge, Button, Stack } from "@mantine/core";
import { IconArrowsExchange, IconCertificate, IconStairsUp, IconUser } from "@tabler/icons-react";
import type { EnrolmentRow } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useChoiceFilters } from "../../lib/resource-view";
import { useClassrooms } from "../../lib/use-classrooms";
import { useAreaPath } from "../../ui/area-path";
import { type EnrolmentTarget, enrolments, TransferDialog } from "../../ui/enrolment/enrolment-dialogs";
import { ENROLMENT_STATUSES, STATUS_COLOR } from "../../ui/enrolment/enrolment-status";
import { type LinkTarget, VerificationLinkDialog } from "../../ui/enrolment/verification-link-dialog";
import { NativeName } from "../../ui/native-name";
import { type FieldOptions, ResourceList, type RowAction, useResourceOptions } from "../../ui/resource";
import { SetupGapNotice } from "../../ui/setup-steps";
import { StudentPicker } from "../../ui/student-picker";
import { useCan } from "../../ui/use-can";
import { classroomField } from "./classroom-fields";

const studentField: FieldOptions = {
  render: ({ value, error, onChange, label }) => (
    <StudentPicker label={label} withAsterisk error={error} value={value ? String(value) : null} onChange={(v) => onChange(v ?? "")} />
  ),
};

/** Every enrolment, current and past: who was in which classroom when, and how it ended. */
export function EnrolmentsPage() {
  const { t } = useTranslation(["academics", "admin"]);
  const allowed = useCan();
  const to = useAreaPath();
  const navigate = useNavigate();
  const rooms = useClassrooms();
  const batches = useResourceOptions("batch", "name");
  const courses = useResourceOptions("course", "name");
  const [transferring, setTransferring] = useState<EnrolmentTarget | null>(null);
  const [sharing, setSharing] = useState<LinkTarget | null>(null);

  const actions = useMemo(() => {
    const list: RowAction<EnrolmentRow>[] = [
      { key: "student", label: t("academics:enrolments.openStudent"), icon: <IconUser size={16} />, onClick: (e) => navigate(to(`students/${e.studentId}`)) },
      { key: "link", label: t("academics:enrolments.link.action"), icon: <IconCertificate size={16} />, onClick: (e) => setSharing(e) },
    ];
    if (allowed("academics", "edit")) {
      list.push({
        key: "transfer",
        label: t("academics:enrolments.transfer.action"),
        icon: <IconArrowsExchange size={16} />,
        onClick: setTransferring,
        hidden: (e) => e.status !== "active",
      });
    }
    return list;
  }, [allowed, t, navigate, to]);

  const choices = {
    status: ENROLMENT_STATUSES.map((s) => ({ value: s, label: t(`academics:enrolments.options.status.${s}`) })),
    classroomId: rooms.grouped.flatMap((g) => g.items.map((i) => ({ value: i.value, label: `${i.label} · ${g.group}` }))),
    batchId: batches.options,
    courseId: courses.options,
  };
  const definition = useChoiceFilters(enrolments, choices);
  return (
    <>
      <SetupGapNotice needs={["classrooms", "students"]} />
      <ResourceList<EnrolmentRow>
        definition={definition}
        description={t("academics:enrolments.description")}
        rowLabel={(e) => `${e.studentName} · ${e.classroomLabel}`}
        filterOptions={choices}
        cells={{
          admissionNo: (e) => <span dir="ltr">{e.admissionNo}</span>,
          studentName: (e) => (
            <Stack gap={0}>
              <Anchor component={Link} to={to(`students/${e.studentId}`)} size="sm" fw={500}>
                <bdi>{e.studentName}</bdi>
              </Anchor>
              {e.studentNameNative && <NativeName value={e.studentNameNative} size="sm" c="dimmed" />}
            </Stack>
          ),
          classroomLabel: (e) => (
            <Anchor component={Link} to={to(`classrooms/${e.classroomId}`)} size="sm">
              <bdi>{e.classroomLabel}</bdi>
            </Anchor>
          ),
          batchName: (e) => <bdi>{e.batchName}</bdi>,
          status: (e) => (
            <Badge variant="light" color={STATUS_COLOR[e.status] ?? "gray"}>
              {t(`academics:enrolments.options.status.${e.status}`)}
            </Badge>
          ),
        }}
        rowActions={actions}
        canEdit={(e) => e.status === "active"}
        form={{ fieldOptions: (row) => ({ studentId: row ? { hidden: true } : studentField, classroomId: classroomField }) }}
        toolbar={
          allowed("academics", "promote") && (
            <Button variant="default" component={Link} to={to("promotion")} leftSection={<IconStairsUp size={16} />}>
              {t("academics:promotion.action")}
            </Button>
          )
        }
      />
      <TransferDialog enrolment={transferring} onClose={() => setTransferring(null)} />
      <VerificationLinkDialog target={sharing} onClose={() => setSharing(null)} />
    </>
  );
}
