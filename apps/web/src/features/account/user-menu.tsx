import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconSwitchHorizontal, IconUserCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { useRoleName } from "../../lib/role-name";
import { useAreaPath } from "../../ui/area-path";
import { SwitchProfileCode, useSwitchProfile } from "../../ui/switch-profile";

export const initials = (name: string) =>
  name
    .replace(/\(.*?\)/g, "")
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase())
    .join("");

/** The signed-in person's menu: their profile, the other profiles they hold, and sign-out. */
export function UserMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation(["account", "admin"]);
  const user = useAuth((s) => s.user);
  const signOut = useAuth((s) => s.signOut);
  const navigate = useNavigate();
  const to = useAreaPath();
  const roleName = useRoleName();
  const flow = useSwitchProfile();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  const others = user.profiles.filter((p) => p.id !== user.profile.id);

  async function leave() {
    setLeaving(true);
    await signOut();
    navigate("/auth/sign-in", { replace: true });
  }

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t("menu.open", { name: user.name })} data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="teal.9" variant="filled" radius="xl" size={compact ? 32 : 36}>
                {initials(user.name)}
              </Avatar>
              {!compact && (
                <div style={{ lineHeight: 1.2 }}>
                  <Text size="sm" fw={600} lineClamp={1} maw={180}>
                    <bdi>{user.name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {roleName(user.role.name)}
                  </Text>
                </div>
              )}
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <bdi>{user.tenant.name}</bdi>
          </Menu.Label>
          <Menu.Item component={Link} to={to("profile")} leftSection={<IconUserCircle size={16} />}>
            {t("menu.profile")}
          </Menu.Item>
          {others.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t("menu.switchTo")}</Menu.Label>
              {others.map((p) => (
                <Menu.Item key={p.id} leftSection={<IconSwitchHorizontal size={16} />} onClick={() => flow.start(p)} disabled={flow.mutation.isPending}>
                  {roleName(p.roleName)}
                </Menu.Item>
              ))}
            </>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={leave} disabled={leaving}>
            {t("menu.signOut")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SwitchProfileCode flow={flow} />
    </>
  );
}
