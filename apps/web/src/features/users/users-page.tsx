import { Badge, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconFileImport, IconGitMerge, IconKey, IconLink } from "@tabler/icons-react";
import { type UserRow, userResource } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { formatDateTime } from "../../lib/format";
import { useRoleName } from "../../lib/role-name";
import { ResourceList, type RowAction, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { AssignStudentsDialog, useStudentsAvailable } from "./assign-students-dialog";
import { MergeUsersDialog } from "./merge-users-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { UsersImport } from "./users-import";

const toFormValues = (u: UserRow) => ({ ...u, roleIds: u.profiles.map((p) => p.roleId) });

/**
 * The school's people: every user with their roles as badges, found by name, mobile, username or
 * e-mail, filtered by role and status; added one by one or from a spreadsheet; passwords reset,
 * duplicate accounts merged, parents linked to their children once the students module is in.
 */
export function UsersPage() {
  const { t } = useTranslation(["users", "admin"]);
  const allowed = useCan();
  const roleName = useRoleName();
  const me = useAuth((s) => s.user?.id);
  const roles = useResourceOptions("role", "name");
  const studentsReady = useStudentsAvailable();
  const [importing, setImporting] = useState(false);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [merging, setMerging] = useState<UserRow | null>(null);
  const [assigning, setAssigning] = useState<UserRow | null>(null);

  const actions = useMemo(() => {
    const list: RowAction<UserRow>[] = [];
    if (allowed("users", "edit")) list.push({ key: "reset", label: t("users:reset.action"), icon: <IconKey size={16} />, onClick: setResetting });
    if (studentsReady) {
      list.push({
        key: "assign",
        label: t("users:assign.action"),
        icon: <IconLink size={16} />,
        onClick: setAssigning,
        hidden: (u) => !u.profiles.some((p) => p.area === "parent"),
      });
    }
    if (allowed("users", "merge")) list.push({ key: "merge", label: t("users:merge.action"), icon: <IconGitMerge size={16} />, onClick: setMerging });
    return list;
  }, [allowed, t, studentsReady]);

  return (
    <>
      <ResourceList<UserRow>
        definition={userResource}
        description={t("users:description")}
        filterOptions={{ roleId: roles.options.map((o) => ({ ...o, label: roleName(o.label) })) }}
        cells={{
          name: (u) => (
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                <bdi>{u.name}</bdi>
              </Text>
              {u.email && (
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {u.email}
                </Text>
              )}
            </Stack>
          ),
          mobile: (u) =>
            u.mobile ? (
              <span dir="ltr">{u.mobile}</span>
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            ),
          profiles: (u) => (
            <Group gap={4}>
              {u.profiles.map((p) => (
                <Badge key={p.id} variant="light" color={p.area === "admin" ? "grape" : "blue"} size="sm">
                  {roleName(p.roleName)}
                </Badge>
              ))}
            </Group>
          ),
          lastLoginAt: (u) =>
            u.lastLoginAt ? (
              <bdi>{formatDateTime(u.lastLoginAt)}</bdi>
            ) : (
              <Text span size="sm" c="dimmed">
                {t("users:neverSignedIn")}
              </Text>
            ),
        }}
        rowActions={actions}
        canDelete={(u) => u.id !== me}
        form={{
          toFormValues,
          fieldOptions: {
            roleIds: { refLabel: roleName },
            password: { description: t("users:passwordHint") },
            mobile: { description: t("users:mobileHint") },
          },
        }}
        toolbar={
          allowed("users", "import") && (
            <Tooltip label={t("users:import.tooltip")}>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                {t("users:import.action")}
              </Button>
            </Tooltip>
          )
        }
      />
      <UsersImport opened={importing} onClose={() => setImporting(false)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <MergeUsersDialog user={merging} onClose={() => setMerging(null)} />
      <AssignStudentsDialog user={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
