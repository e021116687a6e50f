import { Badge, Group, Text } from "@mantine/core";
import { IconLock, IconShieldHalf } from "@tabler/icons-react";
import { type RoleRow, roleResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { useRoleName } from "../../lib/role-name";
import { ResourceList } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { isFullAccess, PermissionMatrix } from "./permission-matrix";

/**
 * The school's roles: the four built in (Admin, Staff, Parent, Muawin) and its own, with what each
 * may do set in a permission matrix. The Admin role is shown locked: it always has full access.
 */
export function RolesPage() {
  const { t } = useTranslation(["roles", "admin"]);
  const roleName = useRoleName();
  const allowed = useCan();
  const [matrix, setMatrix] = useState<RoleRow | null>(null);
  return (
    <>
      <ResourceList<RoleRow>
        definition={roleResource}
        description={t("roles:description")}
        rowLabel={(r) => roleName(r.name)}
        summary={(reply) => (
          <Group gap="xs">
            <Badge color="teal.9" variant="outline">
              {t("roles:activeCount", { n: formatNumber(Number(reply.activeRoles ?? 0)) })}
            </Badge>
            <Badge color="gray.7" variant="outline">
              {t("roles:inactiveCount", { n: formatNumber(Number(reply.inactiveRoles ?? 0)) })}
            </Badge>
          </Group>
        )}
        cells={{
          name: (r) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {roleName(r.name)}
              </Text>
              {r.builtin && (
                <Badge size="xs" variant="outline" color="gray">
                  {t("roles:builtinBadge")}
                </Badge>
              )}
              {isFullAccess(r) && (
                <Badge size="xs" variant="light" color="grape" leftSection={<IconLock size={10} />}>
                  {t("roles:fullAccess")}
                </Badge>
              )}
            </Group>
          ),
        }}
        rowActions={[
          {
            key: "permissions",
            label: allowed("roles", "edit") ? t("roles:matrix.action") : t("roles:matrix.view"),
            icon: <IconShieldHalf size={16} />,
            onClick: setMatrix,
          },
        ]}
        canDelete={(r) => !r.builtin}
        form={{
          // A built-in role keeps its area, and the Admin role stays active: the server refuses both.
          fieldOptions: (r) => ({
            requiresTwoFactor: { description: t("roles:twoFactorHint") },
            linkedStudentsOnly: r?.builtin === "parent" ? { description: t("roles:linkedLocked"), disabled: true } : { description: t("roles:linkedHint") },
            area: { description: r?.builtin ? t("roles:areaLocked") : t("roles:areaHint"), disabled: !!r?.builtin },
            status: { disabled: r?.builtin === "admin" },
          }),
        }}
      />
      <PermissionMatrix role={matrix} onClose={() => setMatrix(null)} />
    </>
  );
}
