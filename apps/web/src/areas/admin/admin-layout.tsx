import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { LanguageSwitcher } from "../../app/language-switcher";
import { UserMenu } from "../../features/account/user-menu";
import { NotificationBell } from "../../features/communication/notification-bell";
import { useAuth } from "../../lib/auth-store";
import { AreaBaseProvider } from "../../ui/area-path";
import { PageLoader, SchoolMark } from "../../ui/school-mark";
import { useCan } from "../../ui/use-can";
import { ADMIN_NAV, NAV_GROUPS, NAV_NAMESPACES } from "./admin-nav";

function Navigation({ base, onNavigate }: { base: string; onNavigate: () => void }) {
  // Waits for every label's namespace at once: one render of the sidebar, not one per module's texts.
  const { t } = useTranslation(NAV_NAMESPACES);
  const allowed = useCan();
  const { pathname } = useLocation();
  const items = ADMIN_NAV.filter((i) => !i.permission || allowed(i.permission[0], i.permission[1]));
  return (
    <nav aria-label={t("nav.label")}>
      <Stack gap="lg">
        {NAV_GROUPS.map((g) => {
          const inGroup = items.filter((i) => i.group === g.key);
          if (!inGroup.length) return null;
          return (
            <div key={g.key}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {t(g.label)}
              </Text>
              {inGroup.map((i) => {
                const href = `${base}/${i.path}`;
                const active = pathname === href || pathname.startsWith(`${href}/`);
                return (
                  <NavLink
                    key={i.path}
                    component={Link}
                    to={href}
                    label={t(i.label)}
                    leftSection={<i.icon size={18} stroke={1.6} />}
                    active={active}
                    aria-current={active ? "page" : undefined}
                    onClick={onNavigate}
                    variant="filled"
                    color="teal.9"
                    style={{ borderRadius: "var(--mantine-radius-md)" }}
                  />
                );
              })}
            </div>
          );
        })}
      </Stack>
    </nav>
  );
}

export interface AdminLayoutProps {
  /** /admin, or /rtl for the right-to-left twin. */
  base?: string;
}

/**
 * The administration area's frame: the school's name and logo, the navigation by group (only
 * what the role can view), the language switcher and the person's menu. On phones the
 * navigation folds behind a burger; in right-to-left pages it sits on the right.
 */
export function AdminLayout({ base = "/admin" }: AdminLayoutProps) {
  const { t } = useTranslation("admin");
  const [opened, { toggle, close }] = useDisclosure(false);
  const tenant = useAuth((s) => s.user?.tenant);
  const phone = useMediaQuery("(max-width: 48em)");
  const { pathname } = useLocation();
  // A new page closes the phone's navigation drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useEffect(() => close(), [pathname]);
  return (
    <AreaBaseProvider base={base}>
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }} padding={{ base: "sm", sm: "lg" }}>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t(opened ? "nav.close" : "nav.open")} />
              <SchoolMark />
              <div style={{ minWidth: 0 }}>
                {/* Its own direction: a Latin name in a right-to-left page keeps its brackets, and a cut name ends in "…" at its end. */}
                <Title order={1} size="h5" lineClamp={1} dir="auto">
                  {tenant?.name}
                </Title>
                <Text size="xs" c="dimmed" visibleFrom="xs">
                  {t("area")}
                </Text>
              </div>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitcher {...(phone ? { w: 96, leftSection: null } : {})} />
              <NotificationBell listPath="/admin/notifications" />
              <UserMenu compact={phone} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <AppShell.Section grow component={ScrollArea}>
            <Suspense fallback={null}>
              <Navigation base={base} onNavigate={close} />
            </Suspense>
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </AreaBaseProvider>
  );
}
