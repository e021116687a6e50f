import { Anchor, Avatar, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconFileImport, IconUser } from "@tabler/icons-react";
import { type StudentRow, studentResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useChoiceFilters } from "../../lib/resource-view";
import { useClassrooms } from "../../lib/use-classrooms";
import { useAreaPath } from "../../ui/area-path";
import { NativeName } from "../../ui/native-name";
import { ResourceList, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { AdmissionNoInput } from "./admission-no-input";
import { nativeNameField } from "./student-fields";
import { StudentImportDialog } from "./student-import-dialog";
import { STUDENT_STATUS_COLOR } from "./student-status";

/** The school's students: found by name (in either script), admission number or mobile; each opens a profile. */
export function StudentsPage() {
  const { t } = useTranslation(["students", "admin"]);
  const to = useAreaPath();
  const navigate = useNavigate();
  const rooms = useClassrooms();
  const groups = useResourceOptions("student-group", "name");
  const choices = {
    classroomId: rooms.grouped.flatMap((g) => g.items.map((i) => ({ value: i.value, label: `${i.label} · ${g.group}` }))),
    groupId: groups.options,
  };
  const definition = useChoiceFilters(studentResource, choices);
  const allowed = useCan();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourceList<StudentRow>
        definition={definition}
        description={t("students:description")}
        filterOptions={choices}
        cells={{
          admissionNo: (s) => <span dir="ltr">{s.admissionNo}</span>,
          name: (s) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={s.photo} alt="" size={32} radius="xl" color="teal">
                {s.name.charAt(0).toLocaleUpperCase()}
              </Avatar>
              <Anchor component={Link} to={to(`students/${s.id}`)} size="sm" fw={500}>
                <bdi>{s.name}</bdi>
              </Anchor>
            </Group>
          ),
          nameNative: (s) => <NativeName value={s.nameNative} />,
          gender: (s) =>
            s.gender ? (
              t(`students:options.gender.${s.gender}`)
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            ),
          guardians: (s) =>
            s.guardians.length ? (
              <Stack gap={2}>
                {s.guardians.map((g) => (
                  <Text key={g.userId} size="sm">
                    <bdi>{g.name}</bdi>{" "}
                    <Text span size="xs" c="dimmed">
                      ({t(`students:relations.${g.relation}`, { defaultValue: g.relation })})
                    </Text>
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text span size="sm" c="dimmed">
                {t("students:noGuardians")}
              </Text>
            ),
          status: (s) => (
            <Badge variant="light" color={STUDENT_STATUS_COLOR[s.status] ?? "gray"}>
              {t(`students:options.status.${s.status}`)}
            </Badge>
          ),
        }}
        rowActions={[{ key: "profile", label: t("students:profile.open"), icon: <IconUser size={16} />, onClick: (s) => navigate(to(`students/${s.id}`)) }]}
        form={{
          // Adding: the next admission number is offered, and a guardian may be typed with the student.
          fieldOptions: (row) => ({
            nameNative: nativeNameField(t("students:nativeHint")),
            photo: { description: t("students:photoHint") },
            ...(row ? {} : { admissionNo: { render: (input) => <AdmissionNoInput {...input} /> } }),
          }),
        }}
        toolbar={
          allowed("students", "import") && (
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
              {t("students:import.action")}
            </Button>
          )
        }
      />
      <StudentImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
