import { ActionIcon, Anchor, Avatar, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Timeline, Title, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowsExchange, IconCertificate, IconLink, IconLinkOff, IconPencil, IconSchool, IconUserPlus } from "@tabler/icons-react";
import type { EnrolmentRow, StudentRow } from "@taleem/contract";
import { getStudent, studentResource } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../lib/api";
import { formatDate, formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { callAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { EnrolDialog, type EnrolmentTarget, TransferDialog } from "../../ui/enrolment/enrolment-dialogs";
import { STATUS_COLOR } from "../../ui/enrolment/enrolment-status";
import { type LinkTarget, VerificationLinkDialog } from "../../ui/enrolment/verification-link-dialog";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { NativeName } from "../../ui/native-name";
import { type ListReply, ResourceForm, resourceKeys, resourceUrl, useResourceMutations } from "../../ui/resource";
import { StudentDashboardLink } from "../../ui/student-dashboard-link";
import { useCan } from "../../ui/use-can";
import { LinkParentDialog } from "./link-parent-dialog";
import { nativeNameField } from "./student-fields";
import { STUDENT_STATUS_COLOR } from "./student-status";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || (
          <Text span c="dimmed">
            —
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** One student: details, native-script name, parents (linked from here), and every enrolment year by year. */
export function StudentProfilePage() {
  const { t } = useTranslation(["students", "academics", "admin"]);
  const id = Number(useParams().id);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const phone = useMediaQuery("(max-width: 48em)");
  const [editing, setEditing] = useState(false);
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<StudentRow["guardians"][number] | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [transferring, setTransferring] = useState<EnrolmentTarget | null>(null);
  const [sharing, setSharing] = useState<LinkTarget | null>(null);
  const { update } = useResourceMutations<StudentRow>(studentResource);

  const student = useQuery({
    queryKey: resourceKeys("student").detail(id),
    queryFn: () => callAction(getStudent, { params: { id } }, { page: true }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  });
  const history = useQuery({
    queryKey: resourceKeys("enrollment").list({ studentId: id, limit: 100, sort: "-startedOn", purpose: "history" }),
    queryFn: () => api.get<ListReply<EnrolmentRow>>(resourceUrl("enrollment"), { studentId: id, limit: 100, sort: "-startedOn" }),
    enabled: Number.isInteger(id) && id > 0 && allowed("academics", "view"),
  });

  if (student.isPending) return <LoadingState text={t("students:profile.loading")} />;
  if (student.isError) return <FailureState reason={errorText(student.error)} onRetry={() => void student.refetch()} />;
  const s = student.data;
  const enrolments = history.data?.rows ?? [];
  const current = enrolments.find((e) => e.status === "active");
  const relation = (r: string) => t(`students:relations.${r}`, { defaultValue: r });
  const unlink = () => {
    if (!unlinking) return;
    const guardians = s.guardians.filter((g) => g.userId !== unlinking.userId).map((g) => ({ userId: g.userId, relation: g.relation }));
    update.mutate({ id: s.id, guardians }, { onSuccess: () => setUnlinking(null) });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar src={s.photo} alt="" size={72} radius="xl" color="teal">
              {s.name.charAt(0).toLocaleUpperCase()}
            </Avatar>
            <Stack gap={4}>
              <Title order={2}>
                <bdi>{s.name}</bdi>
              </Title>
              {s.nameNative && <NativeName value={s.nameNative} size="xl" fw={600} data-testid="native-name" />}
              <Group gap="xs">
                <Badge tt="none" variant="outline" color="gray" dir="ltr">
                  {s.admissionNo}
                </Badge>
                <Badge variant="light" color={STUDENT_STATUS_COLOR[s.status] ?? "gray"}>
                  {t(`students:options.status.${s.status}`)}
                </Badge>
                {current && (
                  <Badge tt="none" variant="light" color="indigo" leftSection={<IconSchool size={12} />}>
                    <bdi>{current.classroomLabel}</bdi> · <bdi>{current.batchName}</bdi>
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <StudentDashboardLink studentId={s.id} />
          {allowed("students", "edit") && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t("students:profile.edit")}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="lg" spacing="md">
          <Detail label={t("students:fields.gender")}>{s.gender ? t(`students:options.gender.${s.gender}`) : null}</Detail>
          <Detail label={t("students:fields.dateOfBirth")}>{formatDate(s.dateOfBirth)}</Detail>
          <Detail label={t("students:fields.admittedOn")}>{formatDate(s.admittedOn)}</Detail>
          <Detail label={t("students:fields.mobile")}>{s.mobile && <span dir="ltr">{s.mobile}</span>}</Detail>
          <Detail label={t("students:fields.email")}>{s.email && <span dir="ltr">{s.email}</span>}</Detail>
          <Detail label={t("students:fields.address")}>{s.address && <bdi>{s.address}</bdi>}</Detail>
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="md">
            <Title order={3} size="h4">
              {t("students:guardians.title")}
            </Title>
            {allowed("users", "edit") && (
              <Button size="xs" variant="light" leftSection={<IconLink size={14} />} onClick={() => setLinking(true)}>
                {t("students:guardians.link")}
              </Button>
            )}
          </Group>
          {s.guardians.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("students:guardians.none")}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {s.guardians.map((g) => (
                <Group key={g.userId} component="li" justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      <bdi>{g.name}</bdi>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {relation(g.relation)}
                      {g.mobile && (
                        <>
                          {" · "}
                          <span dir="ltr">{g.mobile}</span>
                        </>
                      )}
                    </Text>
                  </Stack>
                  {allowed("students", "edit") && (
                    <Tooltip label={t("students:guardians.unlink")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("students:guardians.unlinkName", { name: g.name })}
                        onClick={() => setUnlinking(g)}
                      >
                        <IconLinkOff size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="md">
            <Title order={3} size="h4">
              {t("students:history.title")}
            </Title>
            {!current && s.status === "active" && allowed("academics", "add") && (
              <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => setEnrolling(true)}>
                {t("academics:roster.enrol")}
              </Button>
            )}
          </Group>
          {history.isPending && allowed("academics", "view") ? (
            <LoadingState text={t("students:history.loading")} />
          ) : enrolments.length === 0 ? (
            <EmptyList title={t("students:history.none")} />
          ) : (
            <Timeline active={-1} bulletSize={22} lineWidth={2}>
              {enrolments.map((e) => (
                <Timeline.Item
                  key={e.id}
                  color={STATUS_COLOR[e.status]}
                  bullet={<IconSchool size={12} />}
                  title={
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={to(`classrooms/${e.classroomId}`)} size="sm" fw={600}>
                        <bdi>{e.classroomLabel}</bdi>
                      </Anchor>
                      <Badge size="sm" variant="light" color={STATUS_COLOR[e.status] ?? "gray"}>
                        {t(`academics:enrolments.options.status.${e.status}`)}
                      </Badge>
                    </Group>
                  }
                >
                  <Text size="xs" c="dimmed">
                    <bdi>{e.batchName}</bdi> · <bdi>{e.courseName}</bdi>
                    {e.rollNo ? ` · ${t("students:history.roll", { n: formatNumber(e.rollNo) })}` : ""}
                  </Text>
                  <Text size="xs">
                    <bdi>
                      {e.endedOn
                        ? t("students:history.period", { from: formatDate(e.startedOn), to: formatDate(e.endedOn) })
                        : t("students:history.since", { from: formatDate(e.startedOn) })}
                    </bdi>
                  </Text>
                  {e.endReason && (
                    <Text size="xs" c="dimmed">
                      <bdi>{e.endReason}</bdi>
                    </Text>
                  )}
                  <Group gap={4} mt={6}>
                    {e.status === "active" && allowed("academics", "edit") && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconArrowsExchange size={12} />}
                        onClick={() => setTransferring({ id: e.id, studentName: s.name, classroomId: e.classroomId })}
                      >
                        {t("academics:enrolments.transfer.action")}
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      leftSection={<IconCertificate size={12} />}
                      onClick={() => setSharing({ id: e.id, studentName: s.name })}
                      aria-label={t("academics:enrolments.link.actionFor", { classroom: e.classroomLabel })}
                    >
                      {t("academics:enrolments.link.action")}
                    </Button>
                  </Group>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Paper>
      </SimpleGrid>

      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t("admin:list.editEntity", { entity: t("students:entity") })}
        size="lg"
        fullScreen={phone}
      >
        {editing && (
          <ResourceForm<StudentRow>
            definition={studentResource}
            row={s}
            fieldOptions={{ nameNative: nativeNameField(t("students:nativeHint")), photo: { description: t("students:photoHint") } }}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        )}
      </Modal>
      <LinkParentDialog student={s} opened={linking} onClose={() => setLinking(false)} />
      <ConfirmDialog
        opened={!!unlinking}
        title={t("students:guardians.unlinkTitle")}
        confirmLabel={t("students:guardians.unlink")}
        danger
        loading={update.isPending}
        onClose={() => setUnlinking(null)}
        onConfirm={unlink}
      >
        {t("students:guardians.unlinkText", { parent: iso(unlinking?.name), student: iso(s.name) })}
      </ConfirmDialog>
      <EnrolDialog opened={enrolling} onClose={() => setEnrolling(false)} studentId={s.id} />
      <TransferDialog enrolment={transferring} onClose={() => setTransferring(null)} />
      <VerificationLinkDialog target={sharing} onClose={() => setSharing(null)} />
    </Stack>
  );
}
