import { Alert, Badge, Button, Center, Checkbox, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLock, IconShieldCheck } from "@tabler/icons-react";
import { CRUD_ACTIONS, FULL_ACCESS, MODULES, type PermissionMap, type RoleRow, setRolePermissions } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { useRoleName } from "../../lib/role-name";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useCan } from "../../ui/use-can";

const MODULE_KEYS = Object.keys(MODULES) as (keyof typeof MODULES)[];

/** The Admin role (and any role given everything) has full access that cannot be edited here. */
export const isFullAccess = (role: Pick<RoleRow, "builtin" | "permissions">) => role.builtin === "admin" || !!role.permissions["*"]?.includes("*");

/** A map with only what is granted: no empty modules, actions in a stable order. */
function tidy(map: PermissionMap): PermissionMap {
  const out: PermissionMap = {};
  for (const m of MODULE_KEYS) {
    const order = [...CRUD_ACTIONS, ...MODULES[m]] as string[];
    const granted = order.filter((a) => map[m]?.includes(a));
    if (granted.length) out[m] = granted;
  }
  return out;
}

/**
 * What a role may do, module by module: view, add, edit, delete and each module's own actions
 * (import, approve, publish...). Granting an action grants view too, since nothing can be done
 * to what cannot be seen; taking view away takes the rest.
 */
export function PermissionMatrix({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation(["roles", "admin"]);
  const phone = useMediaQuery("(max-width: 48em)");
  const roleName = useRoleName();
  const allowed = useCan();
  const errorText = useErrorText();
  const [map, setMap] = useState<PermissionMap>({});
  const [forRole, setForRole] = useState<number | null>(null);
  if (role && forRole !== role.id) {
    setForRole(role.id);
    setMap(isFullAccess(role) ? FULL_ACCESS : tidy(role.permissions));
  }
  const locked = !!role && isFullAccess(role);
  const editable = !locked && allowed("roles", "edit");

  const save = useAction(setRolePermissions);
  function submit(r: RoleRow) {
    notify.info(t("roles:matrix.saving"));
    save.mutate(
      { body: { id: r.id, permissions: tidy(map) } },
      {
        onSuccess: () => {
          notify.success(t("roles:matrix.saved", { name: roleName(r.name) }));
          close();
        },
        onError: (e) => notify.error(`${t("roles:matrix.failed")} ${errorText(e)}`),
      },
    );
  }
  function close() {
    setForRole(null);
    onClose();
  }

  const has = (m: string, a: string) => locked || !!map[m]?.includes(a);
  function toggle(m: string, a: string, on: boolean) {
    setMap((old) => {
      const current = new Set(old[m] ?? []);
      if (on) {
        current.add(a);
        current.add("view");
      } else if (a === "view") current.clear();
      else current.delete(a);
      return { ...old, [m]: [...current] };
    });
  }
  const rowAll = (m: (typeof MODULE_KEYS)[number]) => [...CRUD_ACTIONS, ...MODULES[m]];

  return (
    <Modal
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      opened={!!role}
      onClose={close}
      size="xl"
      fullScreen={phone}
      title={t("roles:matrix.title", { name: role ? roleName(role.name) : "" })}
    >
      <Stack gap="md">
        {locked ? (
          <Alert color="grape" variant="light" icon={<IconLock size={18} />} title={t("roles:matrix.lockedTitle")}>
            {t("roles:matrix.lockedText")}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t("roles:matrix.intro")}
          </Text>
        )}
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder verticalSpacing="xs" aria-label={t("roles:matrix.label")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("roles:matrix.module")}</Table.Th>
                {CRUD_ACTIONS.map((a) => (
                  <Table.Th key={a} ta="center">
                    {t(`roles:actions.${a}`)}
                  </Table.Th>
                ))}
                <Table.Th>{t("roles:matrix.more")}</Table.Th>
                <Table.Th ta="center">{t("roles:matrix.all")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {MODULE_KEYS.map((m) => {
                const moduleName = t(`roles:modules.${m}`);
                const all = rowAll(m);
                const count = all.filter((a) => has(m, a)).length;
                return (
                  <Table.Tr key={m}>
                    <Table.Th scope="row" fw={500}>
                      {moduleName}
                    </Table.Th>
                    {CRUD_ACTIONS.map((a) => (
                      <Table.Td key={a}>
                        <Center>
                          <Checkbox
                            checked={has(m, a)}
                            disabled={!editable}
                            onChange={(e) => toggle(m, a, e.currentTarget.checked)}
                            aria-label={t("roles:matrix.cell", { module: moduleName, action: t(`roles:actions.${a}`) })}
                          />
                        </Center>
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap="md">
                        {MODULES[m].map((a: string) => (
                          <Checkbox
                            key={a}
                            size="sm"
                            label={t(`roles:actions.${a}`)}
                            checked={has(m, a)}
                            disabled={!editable}
                            onChange={(e) => toggle(m, a, e.currentTarget.checked)}
                          />
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Center>
                        <Checkbox
                          checked={count === all.length}
                          indeterminate={count > 0 && count < all.length}
                          disabled={!editable}
                          onChange={(e) => setMap((old) => ({ ...old, [m]: e.currentTarget.checked ? [...all] : [] }))}
                          aria-label={t("roles:matrix.rowAll", { module: moduleName })}
                        />
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          {locked ? (
            <Badge color="grape" variant="light" leftSection={<IconShieldCheck size={14} />}>
              {t("roles:fullAccess")}
            </Badge>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {editable ? t("admin:actions.cancel") : t("admin:actions.close")}
            </Button>
            {editable && role && (
              <Button loading={save.isPending} onClick={() => submit(role)}>
                {t("roles:matrix.save")}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
