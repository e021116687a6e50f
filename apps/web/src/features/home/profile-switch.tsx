import { Button, Group } from "@mantine/core";
import { IconSwitchHorizontal } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { useRoleName } from "../../lib/role-name";
import { SwitchProfileCode, useSwitchProfile } from "../../ui/switch-profile";

/**
 * A person with more than one profile in the school (a teacher who is also a parent) switches
 * from the home in one tap: the account screen's own switch (PUT /user/api/user/switchprofile,
 * the code step when the role needs it, then the new profile's area).
 */
export function ProfileSwitch() {
  const { t } = useTranslation("parent");
  const user = useAuth((s) => s.user);
  const roleName = useRoleName();
  const flow = useSwitchProfile();
  const others = user?.profiles.filter((p) => p.id !== user.profile.id) ?? [];
  if (!others.length) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="home-switch">
      {others.map((p) => (
        <Button
          key={p.id}
          size="compact-sm"
          variant="light"
          leftSection={<IconSwitchHorizontal size={14} aria-hidden />}
          loading={flow.mutation.isPending && flow.mutation.variables?.profile.id === p.id}
          disabled={flow.mutation.isPending}
          onClick={() => flow.start(p)}
        >
          {t("home.switchTo", { role: roleName(p.roleName) })}
        </Button>
      ))}
      <SwitchProfileCode flow={flow} />
    </Group>
  );
}
