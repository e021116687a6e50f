import { AppShell, Box, Button, Group, Text, Title, UnstyledButton } from "@mantine/core";
import { IconChalkboard, IconHome, type IconProps, IconUserCircle } from "@tabler/icons-react";
import { type ComponentType, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { AREA_TEXTS } from "../../app/area-texts";
import { LanguageSwitcher } from "../../app/language-switcher";
import { usePhoneWidth } from "../../app/server-phone";
import { UserMenu } from "../../features/account/user-menu";
import { CHAT_NAV } from "../../features/communication/chat/chat-nav";
import { NotificationBell } from "../../features/communication/notification-bell";
import { useTeachingKit } from "../../features/teaching/use-teaching-kit";
import { useAuth } from "../../lib/auth-store";
import { useTeaches } from "../../lib/parent-access";
import { AreaBaseProvider } from "../../ui/area-path";
import { PageLoader, SchoolMark } from "../../ui/school-mark";

interface Tab {
  path: string;
  label: string;
  icon: ComponentType<IconProps>;
}

function tabsFor(teaches: boolean): Tab[] {
  return [
    { path: "/parent/home", label: "nav.home", icon: IconHome },
    ...(teaches ? [{ path: "/parent/classes", label: "nav.classes", icon: IconChalkboard }] : []),
    { ...CHAT_NAV, path: "/parent/chat" },
    { path: "/parent/profile", label: "nav.profile", icon: IconUserCircle },
  ];
}

/** Phones: the area's screens as a bar at the bottom, within the thumb's reach. */
function BottomNav({ tabs }: { tabs: Tab[] }) {
  const { t } = useTranslation(["parent", "chat"]);
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav.label")} style={{ height: "100%" }}>
      <Group h="100%" grow gap={0} wrap="nowrap">
        {tabs.map((tab) => {
          const active = pathname.startsWith(tab.path);
          return (
            <UnstyledButton
              key={tab.path}
              component={Link}
              to={tab.path}
              aria-current={active ? "page" : undefined}
              h="100%"
              style={{
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                justifyContent: "center",
                gap: 2,
                color: active ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-dimmed)",
              }}
            >
              <tab.icon size={24} stroke={active ? 2.2 : 1.6} aria-hidden />
              {/* One line at most, whatever the language: a label wrapping pushed the icons up unevenly.
                  The language's own line height: a cut line must still hold Nastaliq's tall letters. */}
              <Text size="xs" fw={active ? 700 : 500} c="inherit" lh="xs" truncate="end" maw="100%" px={2}>
                {t(tab.label)}
              </Text>
            </UnstyledButton>
          );
        })}
      </Group>
    </nav>
  );
}

/** Wider screens: the same screens as links in the header. */
function TopNav({ tabs }: { tabs: Tab[] }) {
  const { t } = useTranslation(["parent", "chat"]);
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav.label")}>
      <Group gap={4}>
        {tabs.map((tab) => {
          const active = pathname.startsWith(tab.path);
          return (
            <Button
              key={tab.path}
              component={Link}
              to={tab.path}
              variant={active ? "filled" : "subtle"}
              color={active ? "teal.9" : "gray"}
              leftSection={<tab.icon size={18} aria-hidden />}
              aria-current={active ? "page" : undefined}
            >
              {t(tab.label)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}

/**
 * The parent area's frame, made for a phone first (360 px): the school's name on top, the
 * screens in a bottom bar; on wider screens the screens move into the header.
 */
export function ParentLayout() {
  // Every text the frame and the home need, asked for together: the area draws once they are all
  // in, rather than once more as each arrives (a slow phone felt each of those renders).
  useTranslation(AREA_TEXTS.parent);
  const tenant = useAuth((s) => s.user?.tenant);
  const phone = usePhoneWidth();
  const teaches = useTeaches();
  const tabs = tabsFor(teaches);
  // A teacher's phone keeps what she needs to take her registers with no signal.
  useTeachingKit(teaches);
  return (
    <AreaBaseProvider base="/parent">
      <AppShell header={{ height: 60 }} footer={{ height: 64, collapsed: !phone }} padding={{ base: "sm", sm: "lg" }}>
        <AppShell.Header>
          <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <SchoolMark size={32} />
              <Title order={1} size="h5" lineClamp={1} dir="auto">
                {tenant?.name}
              </Title>
            </Group>
            {!phone && <TopNav tabs={tabs} />}
            <Group gap="xs" wrap="nowrap">
              {/* On a phone the language names fit without the icon. */}
              <LanguageSwitcher {...(phone ? { w: 96, leftSection: null } : {})} />
              <NotificationBell listPath="/parent/notifications" />
              <UserMenu compact={phone} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Box maw={720} mx="auto">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </AppShell.Main>
        {phone && (
          <AppShell.Footer>
            <BottomNav tabs={tabs} />
          </AppShell.Footer>
        )}
      </AppShell>
    </AreaBaseProvider>
  );
}
