import { Text } from "@mantine/core";
import { type SubjectRow, subjectResource } from "@taleem/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useChoiceFilters } from "../../lib/resource-view";
import { ResourceList, useResourceOptions } from "../../ui/resource";

/** What is taught: a subject of one course, or one any course may teach. */
export function SubjectsPage() {
  const { t } = useTranslation(["academics", "admin"]);
  const courses = useResourceOptions("course", "name");
  const courseName = useMemo(() => new Map(courses.options.map((o) => [Number(o.value), o.label])), [courses.options]);
  const choices = { courseId: courses.options };
  const definition = useChoiceFilters(subjectResource, choices);
  return (
    <ResourceList<SubjectRow>
      definition={definition}
      description={t("academics:subjects.description")}
      filterOptions={choices}
      cells={{
        code: (s) =>
          s.code ? (
            <span dir="ltr">{s.code}</span>
          ) : (
            <Text span c="dimmed">
              —
            </Text>
          ),
        courseId: (s) =>
          s.courseId ? (
            <bdi>{courseName.get(s.courseId) ?? `#${s.courseId}`}</bdi>
          ) : (
            <Text span size="sm" c="dimmed">
              {t("academics:subjects.anyCourse")}
            </Text>
          ),
      }}
      form={{ fieldOptions: { courseId: { description: t("academics:subjects.courseHint") } } }}
    />
  );
}
