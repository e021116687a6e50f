import { Anchor, Badge, Button, Group, Progress, Text } from "@mantine/core";
import { IconPencil, IconReportAnalytics } from "@tabler/icons-react";
import {
  type ExamMasterRow,
  type ExamRow,
  type ExamSetRow,
  examMasterResource,
  examResource,
  examSetResource,
  type GradeRow,
  gradeResource,
  type ResultRow,
  resultResource,
} from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { useChoiceFilters, withoutFilters } from "../../lib/resource-view";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList, resourceKeys, resourceUrl, useResourceOptions } from "../../ui/resource";
import { subjectsField, termsField } from "./rows-field";

/** The school's grade scale: the default bands, and a course's or a batch's own. */
export function GradesPage() {
  const courses = useResourceOptions("course", "name");
  const batches = useResourceOptions("batch", "name");
  const choices = { courseId: courses.options, batchId: batches.options };
  const definition = useChoiceFilters(gradeResource, choices);
  const { t } = useTranslation("exams");
  return (
    <ResourceList<GradeRow>
      definition={definition}
      filterOptions={choices}
      cells={{
        name: (g) => (
          <Badge variant="outline" color="teal.9">
            {g.name}
          </Badge>
        ),
        courseName: (g) =>
          g.courseName ? (
            <bdi>{g.courseName}</bdi>
          ) : (
            <Text span c="dimmed" size="sm">
              {t("grades.anyCourse")}
            </Text>
          ),
        batchName: (g) =>
          g.batchName ? (
            <bdi>{g.batchName}</bdi>
          ) : (
            <Text span c="dimmed" size="sm">
              {t("grades.anyBatch")}
            </Text>
          ),
      }}
    />
  );
}

/** A term's examinations: the classrooms that sit it and its subjects with maximum and pass marks. */
export function ExamMastersPage() {
  const { t } = useTranslation("exams");
  const to = useAreaPath();
  const navigate = useNavigate();
  const batches = useResourceOptions("batch", "name");
  const choices = { batchId: batches.options };
  const definition = useChoiceFilters(examMasterResource, choices);
  return (
    <ResourceList<ExamMasterRow>
      definition={definition}
      filterOptions={choices}
      form={{
        fieldOptions: { subjects: subjectsField },
      }}
      rowActions={[
        {
          key: "papers",
          label: t("masters.papers"),
          icon: <IconPencil size={16} />,
          onClick: (r) => navigate(to(`exams/marks?examMasterId=${r.id}`)),
        },
      ]}
      cells={{
        name: (r) => (
          <Anchor component={Link} to={to(`exams/papers?examMasterId=${r.id}`)} size="sm" fw={500}>
            <bdi>{r.name}</bdi>
          </Anchor>
        ),
        batchName: (r) => <bdi>{r.batchName}</bdi>,
      }}
    />
  );
}

/** The papers: one per classroom and subject of an examination; each opens its marks entry. */
export function ExamsPage() {
  const { t } = useTranslation("exams");
  const to = useAreaPath();
  const navigate = useNavigate();
  const masterOptions = useResourceOptions("exammaster", "name");
  const rooms = useResourceOptions("classRoom", "label");
  const subjects = useResourceOptions("subject", "name");
  const batches = useResourceOptions("batch", "name");
  const courses = useResourceOptions("course", "name");
  const choices = {
    examMasterId: masterOptions.options,
    classroomId: rooms.options,
    subjectId: subjects.options,
    batchId: batches.options,
    courseId: courses.options,
  };
  const definition = useChoiceFilters(examResource, choices);
  return (
    <ResourceList<ExamRow>
      definition={definition}
      filterOptions={choices}
      rowLabel={(r) => `${r.subjectName} · ${r.classroomLabel}`}
      toolbar={
        <Button variant="default" leftSection={<IconPencil size={16} />} component={Link} to={to("exams/marks")}>
          {t("papers.enterMarks")}
        </Button>
      }
      rowActions={[{ key: "marks", label: t("papers.enterMarks"), icon: <IconPencil size={16} />, onClick: (r) => navigate(to(`exams/marks/${r.id}`)) }]}
      cells={{
        subjectName: (r) => (
          <Anchor component={Link} to={to(`exams/marks/${r.id}`)} size="sm" fw={500} data-testid={`paper-${r.id}`}>
            <bdi>{r.subjectName}</bdi>
          </Anchor>
        ),
        examMasterName: (r) => <bdi>{r.examMasterName}</bdi>,
        classroomLabel: (r) => <bdi>{r.classroomLabel}</bdi>,
        markedCount: (r) => (
          <Group gap={6} wrap="nowrap" miw={110}>
            <Progress value={r.studentCount ? (r.markedCount / r.studentCount) * 100 : 0} w={50} size="sm" aria-hidden />
            <Text size="sm" dir="ltr">
              {formatNumber(r.markedCount)}/{formatNumber(r.studentCount)}
            </Text>
          </Group>
        ),
      }}
    />
  );
}

/** Every result one by one (the marks grid enters a whole class at once). */
export function ResultsPage() {
  // A paper is named by its subject, classroom and examination: a subject alone is many papers.
  const papers = useQuery({
    queryKey: resourceKeys("exam").list({ limit: 500, purpose: "result-filter" }),
    queryFn: () => api.get<{ rows: ExamRow[] }>(resourceUrl("exam"), { limit: 500 }),
    staleTime: 60_000,
  });
  const paperOptions = useMemo(
    () => (papers.data?.rows ?? []).map((p) => ({ value: String(p.id), label: `${p.subjectName} · ${p.classroomLabel} · ${p.examMasterName}` })),
    [papers.data],
  );
  const choices = { examId: paperOptions };
  const definition = useChoiceFilters(withoutFilters(resultResource, ["studentId"]), choices);
  const { t } = useTranslation("exams");
  const statusCell = useMemo(
    () => (r: ResultRow) => (
      <Badge color={r.status === "absent" ? "red.9" : r.status === "exempt" ? "grape.9" : "teal.9"} variant="outline">
        {t(`status.${r.status}`)}
      </Badge>
    ),
    [t],
  );
  return (
    <ResourceList<ResultRow>
      definition={definition}
      filterOptions={choices}
      rowLabel={(r) => r.studentName}
      cells={{
        studentName: (r) => <bdi>{r.studentName}</bdi>,
        admissionNo: (r) => <span dir="ltr">{r.admissionNo}</span>,
        examLabel: (r) => <bdi>{r.examLabel}</bdi>,
        marks: (r) => <span dir="ltr">{r.marks === null ? "—" : formatNumber(r.marks)}</span>,
        status: statusCell,
      }}
    />
  );
}

/** Report cards: the terms they combine, who is ranked, and whether parents see them. */
export function ExamSetsPage() {
  const { t } = useTranslation("exams");
  const to = useAreaPath();
  const navigate = useNavigate();
  const batches = useResourceOptions("batch", "name");
  const choices = { batchId: batches.options };
  const definition = useChoiceFilters(examSetResource, choices);
  return (
    <ResourceList<ExamSetRow>
      definition={definition}
      filterOptions={choices}
      form={{
        fieldOptions: { components: termsField },
      }}
      rowActions={[{ key: "open", label: t("sets.open"), icon: <IconReportAnalytics size={16} />, onClick: (r) => navigate(to(`exams/sets/${r.id}`)) }]}
      cells={{
        name: (r) => (
          <Anchor component={Link} to={to(`exams/sets/${r.id}`)} size="sm" fw={500} data-testid={`set-${r.id}`}>
            <bdi>{r.name}</bdi>
          </Anchor>
        ),
        batchName: (r) => <bdi>{r.batchName}</bdi>,
        published: (r) => (
          <Badge color={r.published ? "teal.9" : "gray.7"} variant="outline">
            {r.published ? t("sets.published") : t("sets.unpublished")}
          </Badge>
        ),
      }}
    />
  );
}
