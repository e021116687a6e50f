import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Menu, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowsExchange, IconCalendarTime, IconDots, IconSchool, IconStairsUp, IconUserMinus, IconUserPlus, IconUsersPlus } from "@tabler/icons-react";
import type { ClassroomStudent } from "@taleem/contract";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { useClassroom, useClassrooms, useRoster } from "../../lib/use-classrooms";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { EnrolDialog, type EnrolmentTarget, TransferDialog, UpdateClassDialog } from "../../ui/enrolment/enrolment-dialogs";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { NativeName } from "../../ui/native-name";
import { SetupLink, useFirstGap } from "../../ui/setup-steps";
import { useCan } from "../../ui/use-can";
import { EnrolManyDialog } from "./enrol-many-dialog";
import { RemoveFromClassDialog } from "./remove-from-class-dialog";

/** A classroom's roster: who is in it, with ways to enrol, transfer, move together, remove and promote. */
export function ClassroomRosterPage() {
  const { t } = useTranslation(["academics", "students", "admin"]);
  const id = Number(useParams().id) || undefined;
  const to = useAreaPath();
  const navigate = useNavigate();
  const allowed = useCan();
  const errorText = useErrorText();
  const rooms = useClassrooms();
  const { data: room } = useClassroom(id);
  const roster = useRoster(id);
  const [selected, setSelected] = useState<number[]>([]);
  const [enrolling, setEnrolling] = useState(false);
  const [enrollingMany, setEnrollingMany] = useState(false);
  // An empty roster in a school with no students yet points to where students are added.
  const noStudents = useFirstGap(["students"]) === "students";
  const [transferring, setTransferring] = useState<EnrolmentTarget | null>(null);
  const [moving, setMoving] = useState<EnrolmentTarget[]>([]);
  const [removing, setRemoving] = useState<EnrolmentTarget[]>([]);
  const rows = roster.data?.rows ?? [];
  const mayEdit = allowed("academics", "edit");
  const targetOf = (s: ClassroomStudent): EnrolmentTarget => ({ id: s.enrollmentId, studentName: s.name, classroomId: id ?? 0 });
  const chosen = useMemo(() => rows.filter((r) => selected.includes(r.enrollmentId)), [rows, selected]);
  const all = rows.length > 0 && chosen.length === rows.length;

  let body: ReactNode;
  if (roster.isPending) body = <LoadingState text={t("academics:roster.loading")} />;
  else if (roster.isError) body = <FailureState reason={errorText(roster.error)} onRetry={() => void roster.refetch()} />;
  else if (!rows.length) {
    body = (
      <EmptyList
        title={t("academics:roster.empty")}
        description={mayEdit ? t(noStudents ? "academics:roster.emptyNoStudents" : "academics:roster.emptyText") : undefined}
        addLabel={t("academics:enrolMany.action")}
        onAdd={mayEdit && !noStudents ? () => setEnrollingMany(true) : undefined}
        extra={noStudents ? <SetupLink step="students" /> : undefined}
      />
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {mayEdit && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t("academics:roster.selectAll")}
                    checked={all}
                    indeterminate={chosen.length > 0 && !all}
                    onChange={() => setSelected(all ? [] : rows.map((r) => r.enrollmentId))}
                  />
                </Table.Th>
              )}
              <Table.Th w={90}>{t("academics:enrolments.fields.rollNo")}</Table.Th>
              <Table.Th>{t("students:fields.admissionNo")}</Table.Th>
              <Table.Th>{t("students:fields.name")}</Table.Th>
              <Table.Th>{t("students:fields.nameNative")}</Table.Th>
              {mayEdit && <Table.Th w={56} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.enrollmentId} bg={selected.includes(s.enrollmentId) ? "var(--mantine-primary-color-light)" : undefined}>
                {mayEdit && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t("academics:roster.select", { name: s.name })}
                      checked={selected.includes(s.enrollmentId)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setSelected((old) => (on ? [...old, s.enrollmentId] : old.filter((x) => x !== s.enrollmentId)));
                      }}
                    />
                  </Table.Td>
                )}
                <Table.Td>{s.rollNo ? formatNumber(s.rollNo) : "—"}</Table.Td>
                <Table.Td>
                  <span dir="ltr">{s.admissionNo}</span>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={to(`students/${s.id}`)} size="sm" fw={500}>
                    <bdi>{s.name}</bdi>
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <NativeName value={s.nameNative} />
                </Table.Td>
                {mayEdit && (
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={t("admin:list.rowActions", { name: s.name })}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => setTransferring(targetOf(s))}>
                          {t("academics:enrolments.transfer.action")}
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => setRemoving([targetOf(s)])}>
                          {t("academics:enrolments.remove.action")}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("academics:roster.title")}
          </Text>
          <Title order={2}>
            <bdi>{room?.label ?? "…"}</bdi>
          </Title>
          {room && (
            <Group gap="xs">
              <Badge tt="none" variant="light" color="teal.9">
                <bdi>{room.batchName}</bdi>
              </Badge>
              <Badge tt="none" variant="light" color="grape.9">
                <bdi>{room.courseName}</bdi>
              </Badge>
              {room.classTeacherName && (
                <Badge tt="none" variant="outline" color="gray">
                  {t("academics:roster.teacher", { name: iso(room.classTeacherName) })}
                </Badge>
              )}
              <Badge tt="none" variant="outline" color="teal">
                {t("academics:roster.count", { n: formatNumber(roster.data?.count ?? room.studentCount) })}
              </Badge>
            </Group>
          )}
        </Stack>
        <Select
          aria-label={t("academics:roster.choose")}
          placeholder={t("academics:roster.choose")}
          data={rooms.grouped}
          value={id ? String(id) : null}
          onChange={(v) => {
            setSelected([]);
            if (v) navigate(to(`classrooms/${v}`));
          }}
          searchable
          allowDeselect={false}
          w={280}
        />
      </Group>
      <Group gap="sm" wrap="wrap">
        {mayEdit && (
          <Button leftSection={<IconUsersPlus size={16} />} onClick={() => setEnrollingMany(true)}>
            {t("academics:enrolMany.action")}
          </Button>
        )}
        {mayEdit && (
          <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setEnrolling(true)}>
            {t("academics:roster.enrol")}
          </Button>
        )}
        <Button variant="default" component={Link} to={to(`timetable?classroom=${id}`)} leftSection={<IconCalendarTime size={16} />}>
          {t("academics:classrooms.timetable")}
        </Button>
        {allowed("academics", "promote") && rows.length > 0 && (
          <Button variant="default" component={Link} to={to(`promotion?from=${id}`)} leftSection={<IconStairsUp size={16} />}>
            {t("academics:promotion.action")}
          </Button>
        )}
        {mayEdit && chosen.length > 0 && (
          <Paper withBorder px="sm" py={4} radius="md">
            <Group gap="sm">
              <Text size="sm" aria-live="polite">
                {t("academics:roster.selected", { n: formatNumber(chosen.length) })}
              </Text>
              <Button size="xs" variant="light" leftSection={<IconSchool size={14} />} onClick={() => setMoving(chosen.map(targetOf))}>
                {t("academics:enrolments.updateClass.action")}
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconUserMinus size={14} />} onClick={() => setRemoving(chosen.map(targetOf))}>
                {t("academics:enrolments.remove.action")}
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected([])}>
                {t("academics:roster.clear")}
              </Button>
            </Group>
          </Paper>
        )}
      </Group>
      <Paper withBorder radius="md" p={0}>
        {body}
      </Paper>
      <EnrolDialog opened={enrolling} onClose={() => setEnrolling(false)} classroomId={id} />
      <EnrolManyDialog opened={enrollingMany} onClose={() => setEnrollingMany(false)} room={room} />
      <TransferDialog enrolment={transferring} onClose={() => setTransferring(null)} />
      <UpdateClassDialog targets={moving} onClose={() => setMoving([])} />
      <RemoveFromClassDialog
        targets={removing}
        classroomLabel={room?.label ?? ""}
        onClose={() => setRemoving([])}
        onRemoved={(ids) => setSelected((old) => old.filter((x) => !ids.includes(x)))}
      />
    </Stack>
  );
}
