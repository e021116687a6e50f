import { Anchor, Badge } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { IconCheck, IconNotebook } from "@tabler/icons-react";
import {
  type HafizRow,
  type HifzFeedbackRow,
  type HifzSessionRow,
  hafizResource,
  hifzFeedbackResource,
  hifzSessionResource,
  type RecitationGroupRow,
  type RecitationMetricRow,
  type RecitationTypeRow,
  recitationGroupResource,
  recitationMetricResource,
  recitationTypeResource,
  resolveFeedback,
} from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { notify } from "../../lib/notify";
import { useStaffOptions } from "../../lib/people-options";
import { useChoiceFilters, withoutFilters } from "../../lib/resource-view";
import { formatTimeOfDay } from "../../lib/time-text";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { NativeName } from "../../ui/native-name";
import { type FieldOptions, ResourceList, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { useSurahChoices } from "./halqa/ayah-range-input";

/** An optional HH:MM of a sitting (the resource keeps it as text). */
const optionalTime: FieldOptions = {
  render: ({ value, error, onChange, label }) => (
    <TimeInput dir="ltr" label={label} error={error} value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value || null)} />
  ),
};

/** The school's hafiz students: each name opens the hafiz's progress. */
export function HafizListPage() {
  const to = useAreaPath();
  const staff = useStaffOptions();
  const groups = useResourceOptions("recitation-group", "name");
  const courses = useResourceOptions("course", "name");
  const choices = { teacherId: staff.options, recitationGroupId: groups.options, courseId: courses.options };
  // A student is found by searching the list; a filter by student id is no use to a person.
  const definition = useChoiceFilters(withoutFilters(hafizResource, ["studentId"]), choices);
  return (
    <ResourceList<HafizRow>
      definition={definition}
      filterOptions={choices}
      rowLabel={(h) => h.studentName}
      cells={{
        studentName: (h) => (
          <Anchor component={Link} to={to(`hafiz/${h.id}`)} size="sm" fw={500}>
            <bdi>{h.studentName}</bdi>
          </Anchor>
        ),
        admissionNo: (h) => <span dir="ltr">{h.admissionNo}</span>,
      }}
    />
  );
}

/** Sabaq, sabqi, manzil and the school's own streams; the standard ones are set inactive, never deleted. */
export function RecitationTypesPage() {
  return (
    <ResourceList<RecitationTypeRow>
      definition={recitationTypeResource}
      canDelete={(r) => !r.builtinKey}
      cells={{ nameNative: (r) => <NativeName value={r.nameNative} size="sm" /> }}
    />
  );
}

/** What a teacher listens for (lahn jali, lahn khafi, prompted...), counted, scored or yes/no, with its weight on the heat map. */
export function RecitationMetricsPage() {
  return (
    <ResourceList<RecitationMetricRow>
      definition={recitationMetricResource}
      canDelete={(r) => !r.builtinKey}
      cells={{ nameNative: (r) => <NativeName value={r.nameNative} size="sm" /> }}
    />
  );
}

/** The halqas: each with its teacher and members; a row opens the halqa screen. */
export function RecitationGroupsPage() {
  const { t } = useTranslation("hifz");
  const staff = useStaffOptions();
  const choices = { teacherId: staff.options };
  const definition = useChoiceFilters(recitationGroupResource, choices);
  const navigate = useNavigate();
  const to = useAreaPath();
  return (
    <ResourceList<RecitationGroupRow>
      definition={definition}
      filterOptions={choices}
      rowActions={[{ key: "halqa", label: t("halqa.title"), icon: <IconNotebook size={16} />, onClick: (g) => navigate(to(`halqa?groupId=${g.id}`)) }]}
    />
  );
}

/** Sittings: a day's time with a halqa; each opens in the halqa screen to log it. */
export function HifzSessionsPage() {
  const { t } = useTranslation("hifz");
  const staff = useStaffOptions();
  const groups = useResourceOptions("recitation-group", "name");
  const choices = { teacherId: staff.options, recitationGroupId: groups.options };
  const definition = useChoiceFilters(hifzSessionResource, choices);
  const navigate = useNavigate();
  const to = useAreaPath();
  return (
    <ResourceList<HifzSessionRow>
      definition={definition}
      filterOptions={choices}
      rowLabel={(s) => s.recitationGroupName ?? s.date}
      cells={{ startTime: (s) => formatTimeOfDay(s.startTime) }}
      form={{ fieldOptions: { startTime: optionalTime, endTime: optionalTime } }}
      rowActions={[{ key: "log", label: t("sessions.log"), icon: <IconNotebook size={16} />, onClick: (s) => navigate(to(`halqa?sessionId=${s.id}`)) }]}
    />
  );
}

/** Mistakes pinned to ayahs, open until the teacher marks them put right. */
export function HifzFeedbackPage() {
  const { t } = useTranslation("hifz");
  const errorText = useErrorText();
  const can = useCan();
  const resolve = useAction(resolveFeedback);
  const hafiz = useResourceOptions("hafiz", "studentName");
  const metrics = useResourceOptions("recitationmetric", "name");
  const surahs = useSurahChoices();
  const choices = {
    hafizId: hafiz.options,
    metricId: metrics.options,
    surah: surahs,
  };
  const definition = useChoiceFilters(hifzFeedbackResource, choices);
  return (
    <ResourceList<HifzFeedbackRow>
      definition={definition}
      filterOptions={choices}
      rowLabel={(f) => `${f.hafizName} ${f.reference}`}
      cells={{
        reference: (f) => <bdi dir="ltr">{f.reference}</bdi>,
        isResolved: (f) => (
          <Badge variant="dot" color={f.isResolved ? "teal" : "orange"} style={{ flexShrink: 0, maxWidth: "none" }}>
            {f.isResolved ? t("feedback.options.isResolved.true") : t("feedback.options.isResolved.false")}
          </Badge>
        ),
      }}
      rowActions={[
        {
          key: "resolve",
          label: t("feedback.resolve"),
          icon: <IconCheck size={16} />,
          color: "teal",
          hidden: (f) => f.isResolved || !can("hifz", "edit"),
          onClick: (f) =>
            resolve.mutate(
              { params: { id: f.id } },
              {
                onSuccess: () => notify.success(t("feedback.resolved", { reference: f.reference })),
                onError: (e) => notify.error(errorText(e)),
              },
            ),
        },
      ]}
    />
  );
}
