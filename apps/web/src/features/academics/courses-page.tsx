import { IconBooks, IconCloudDownload, IconListNumbers, IconNotebook } from "@tabler/icons-react";
import { type CourseRow, courseResource } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList, type RowAction } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { CourseContentDialog } from "./course-content-dialog";
import { CourseImportDialog } from "./course-import-dialog";
import { HafizRecordsDialog } from "./hafiz-records-dialog";

/**
 * Programmes (Hifz, a madrasa curriculum, a school's classes): each with its classes, its
 * content, a sheet its students are imported from, and memorisation records for Hifz.
 */
export function CoursesPage() {
  const { t } = useTranslation(["academics", "admin"]);
  const allowed = useCan();
  const to = useAreaPath();
  const navigate = useNavigate();
  const [content, setContent] = useState<CourseRow | null>(null);
  const [importing, setImporting] = useState<CourseRow | null>(null);
  const [hafiz, setHafiz] = useState<CourseRow | null>(null);

  const actions = useMemo(() => {
    const list: RowAction<CourseRow>[] = [
      {
        key: "classes",
        label: t("academics:courses.classes"),
        icon: <IconListNumbers size={16} />,
        onClick: (c) => navigate(to(`course-classes?courseId=${c.id}`)),
      },
      { key: "content", label: t("academics:courses.content.action"), icon: <IconBooks size={16} />, onClick: setContent },
    ];
    if (allowed("students", "import")) {
      list.push({
        key: "import",
        label: t("academics:courses.import.action"),
        icon: <IconCloudDownload size={16} />,
        onClick: setImporting,
        hidden: (c) => !c.sheetUrl,
      });
    }
    if (allowed("academics", "edit")) {
      list.push({ key: "hafiz", label: t("academics:courses.hafiz.action"), icon: <IconNotebook size={16} />, onClick: setHafiz });
    }
    return list;
  }, [allowed, t, navigate, to]);

  return (
    <>
      <ResourceList<CourseRow>
        definition={courseResource}
        description={t("academics:courses.description")}
        rowActions={actions}
        form={{ fieldOptions: { sheetUrl: { description: t("academics:courses.sheetHint") } } }}
      />
      <CourseContentDialog course={content} onClose={() => setContent(null)} />
      <CourseImportDialog course={importing} onClose={() => setImporting(null)} />
      <HafizRecordsDialog course={hafiz} onClose={() => setHafiz(null)} />
    </>
  );
}
