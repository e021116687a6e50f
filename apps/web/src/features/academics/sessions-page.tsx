import { type SessionRow, sessionResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatTimeOfDay } from "../../lib/time-text";
import { ResourceList } from "../../ui/resource";
import { timeField } from "../../ui/time-field";

/** The sittings of a school day (morning, evening) that the timetable's hours belong to. */
export function SessionsPage() {
  const { t } = useTranslation(["academics"]);
  return (
    <ResourceList<SessionRow>
      definition={sessionResource}
      description={t("academics:sessions.description")}
      cells={{ startTime: (s) => formatTimeOfDay(s.startTime), endTime: (s) => formatTimeOfDay(s.endTime) }}
      form={{ fieldOptions: { startTime: timeField, endTime: timeField } }}
    />
  );
}
