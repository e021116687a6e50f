import { useTranslation } from "react-i18next";
import { SchoolDateInput, type SchoolDateInputProps } from "../school-date-input";

/**
 * The day a class change takes effect (joining, moving, leaving, promotion), typed the school's
 * way; left empty, the server takes today, and the placeholder says so.
 */
export function EnrolmentDateInput(props: Omit<SchoolDateInputProps, "clearable">) {
  const { t } = useTranslation("academics");
  return <SchoolDateInput clearable placeholder={t("academics:enrolments.enrol.today")} popoverProps={{ withinPortal: true }} {...props} />;
}
