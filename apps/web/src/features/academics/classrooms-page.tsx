import { Anchor, Badge, Group, Text } from "@mantine/core";
import { IconBook2, IconCalendarTime, IconUsersGroup } from "@tabler/icons-react";
import { type ClassroomRow, classroomResource } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { formatNumber } from "../../lib/format";
import { iso } from "../../lib/isolate";
import { useStaffOptions } from "../../lib/people-options";
import { useChoiceFilters } from "../../lib/resource-view";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList, type RowAction, useResourceOptions } from "../../ui/resource";
import { SetupGapNotice } from "../../ui/setup-steps";
import { useCan } from "../../ui/use-can";
import { courseClassField, newClassroomBatchField, staffField, useCourseClassGroups } from "./classroom-fields";
import { ClassroomSubjectsDialog } from "./classroom-subjects-dialog";

/** Divisions of a class in a batch (Class 5-A, 2026-27): teacher, room, subjects, and a way to the roster and timetable. */
export function ClassroomsPage() {
  const { t } = useTranslation(["academics", "admin"]);
  const allowed = useCan();
  const to = useAreaPath();
  const navigate = useNavigate();
  const batches = useResourceOptions("batch", "name");
  const courses = useResourceOptions("course", "name");
  const classes = useCourseClassGroups();
  const staff = useStaffOptions();
  const [subjects, setSubjects] = useState<ClassroomRow | null>(null);

  const actions = useMemo(() => {
    const list: RowAction<ClassroomRow>[] = [
      { key: "roster", label: t("academics:classrooms.roster"), icon: <IconUsersGroup size={16} />, onClick: (c) => navigate(to(`classrooms/${c.id}`)) },
      {
        key: "timetable",
        label: t("academics:classrooms.timetable"),
        icon: <IconCalendarTime size={16} />,
        onClick: (c) => navigate(to(`timetable?classroom=${c.id}`)),
      },
    ];
    if (allowed("academics", "edit"))
      list.push({ key: "subjects", label: t("academics:classrooms.subjects.action"), icon: <IconBook2 size={16} />, onClick: setSubjects });
    return list;
  }, [allowed, t, navigate, to]);

  const choices = {
    batchId: batches.options,
    courseId: courses.options,
    courseClassId: classes.flatMap((g) => g.items.map((i) => ({ value: i.value, label: `${g.group} · ${i.label}` }))),
    classTeacherId: staff.options,
  };
  const definition = useChoiceFilters(classroomResource, choices);
  return (
    <>
      <SetupGapNotice needs={["batches", "courses", "courseClasses"]} />
      <ResourceList<ClassroomRow>
        definition={definition}
        description={t("academics:classrooms.description")}
        rowLabel={(c) => c.label}
        filterOptions={choices}
        cells={{
          label: (c) => (
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={to(`classrooms/${c.id}`)} fw={500} size="sm">
                <bdi>{c.label}</bdi>
              </Anchor>
              {c.room && (
                <Badge tt="none" size="xs" variant="outline" color="gray">
                  {t("academics:classrooms.roomBadge", { room: iso(c.room) })}
                </Badge>
              )}
            </Group>
          ),
          courseName: (c) => <bdi>{c.courseName}</bdi>,
          batchName: (c) => <bdi>{c.batchName}</bdi>,
          studentCount: (c) => (
            <Text span size="sm">
              {c.capacity ? t("academics:classrooms.countOf", { n: formatNumber(c.studentCount), of: formatNumber(c.capacity) }) : formatNumber(c.studentCount)}
            </Text>
          ),
        }}
        rowActions={actions}
        form={{
          // A new classroom is most often of this year: the active year is chosen to begin with.
          fieldOptions: (row) => ({ courseClassId: courseClassField, classTeacherId: staffField, ...(row ? {} : { batchId: newClassroomBatchField }) }),
        }}
      />
      <ClassroomSubjectsDialog classroom={subjects} onClose={() => setSubjects(null)} />
    </>
  );
}
