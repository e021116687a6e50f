import { type LessonRow, lessonResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../ui/resource";

/** A class's syllabus per subject: its lessons in order, planned by week or periods. */
export function SyllabusPage() {
  const { t } = useTranslation("lessons");
  return <ResourceList<LessonRow> definition={lessonResource} description={t("lessons.description")} rowLabel={(l) => l.title} />;
}
