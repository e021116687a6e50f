import { Text } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { type StudentGroupRow, studentGroupResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../ui/resource";
import { GroupMembersDialog } from "./group-members-dialog";

/** Named sets of students (a Quran circle, a bus route, a tuition batch) across classrooms. */
export function StudentGroupsPage() {
  const { t } = useTranslation(["students"]);
  const [members, setMembers] = useState<StudentGroupRow | null>(null);
  return (
    <>
      <ResourceList<StudentGroupRow>
        definition={studentGroupResource}
        description={t("students:groups.description")}
        cells={{
          description: (g) =>
            g.description ? (
              <Text size="sm" lineClamp={2}>
                <bdi>{g.description}</bdi>
              </Text>
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            ),
        }}
        rowActions={[{ key: "members", label: t("students:groups.members.action"), icon: <IconUsersGroup size={16} />, onClick: setMembers }]}
      />
      <GroupMembersDialog group={members} onClose={() => setMembers(null)} />
    </>
  );
}
