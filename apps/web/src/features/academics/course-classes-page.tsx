import { type CourseClassRow, courseClassResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useChoiceFilters } from "../../lib/resource-view";
import { ResourceList, useResourceOptions } from "../../ui/resource";

/** The levels of each course (Class 1, Class 2, ...), in order; a course's page links here filtered to it. */
export function CourseClassesPage() {
  const { t } = useTranslation(["academics"]);
  const courses = useResourceOptions("course", "name");
  const choices = { courseId: courses.options };
  const definition = useChoiceFilters(courseClassResource, choices);
  return (
    <ResourceList<CourseClassRow>
      definition={definition}
      description={t("academics:courseClasses.description")}
      filterOptions={choices}
      rowLabel={(c) => `${c.courseName} · ${c.name}`}
      cells={{ courseName: (c) => <bdi>{c.courseName}</bdi> }}
      form={{ fieldOptions: { order: { description: t("academics:courseClasses.orderHint") } } }}
    />
  );
}
