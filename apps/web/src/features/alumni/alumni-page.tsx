import { Stack, Text } from "@mantine/core";
import { type AlumnusRow, alumniResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { type FieldOptions, ResourceList } from "../../ui/resource";
import { viewOf } from "../academics/resource-view";
import { NativeName } from "../students/native-name";
import { nativeNameField } from "../students/student-fields";
import { StudentPicker } from "../students/student-picker";

const alumni = viewOf(alumniResource, "students:alumni");

const studentField = (description: string): FieldOptions => ({
  render: ({ value, error, onChange, label }) => (
    <StudentPicker label={label} description={description} error={error} status="" value={value ? String(value) : null} onChange={(v) => onChange(v ?? "")} />
  ),
});

/** Former students: when they left, where they went, how to reach them. */
export function AlumniPage() {
  const { t } = useTranslation(["students"]);
  return (
    <ResourceList<AlumnusRow>
      definition={alumni}
      description={t("students:alumni.description")}
      cells={{
        name: (a) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              <bdi>{a.name}</bdi>
            </Text>
            {a.nameNative && <NativeName value={a.nameNative} size="sm" c="dimmed" />}
          </Stack>
        ),
        // A year is a number, but never grouped ("2,024").
        yearOfLeaving: (a) => formatNumber(a.yearOfLeaving, { useGrouping: false }),
        mobile: (a) =>
          a.mobile ? (
            <span dir="ltr">{a.mobile}</span>
          ) : (
            <Text span c="dimmed">
              —
            </Text>
          ),
      }}
      form={{
        fieldOptions: (row) => ({
          studentId: row?.studentId ? { hidden: true } : studentField(t("students:alumni.studentHint")),
          name: { description: t("students:alumni.nameHint") },
          nameNative: nativeNameField(),
        }),
      }}
    />
  );
}
