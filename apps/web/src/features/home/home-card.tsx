import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconChevronRight, type IconProps } from "@tabler/icons-react";
import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router";
import mirror from "../../ui/mirror.module.css";

/** Where a card leads, keeping the chosen child (the parent pages read `?student=`). */
export const forChild = (path: string, studentId: number) => `${path}${path.includes("?") ? "&" : "?"}student=${studentId}`;

/**
 * A card of the home that opens a screen: the whole card is one real link (one tap target), with
 * a chevron that turns round in right-to-left pages.
 */
export function LinkCard({
  to,
  icon: Icon,
  color = "teal",
  title,
  children,
  testId,
}: {
  to: string;
  icon: ComponentType<IconProps>;
  color?: string;
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm" data-testid={testId} style={{ color: "inherit", textDecoration: "none" }}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon variant="light" color={color} radius="xl" size={36} aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
          <Text size="xs" c="dimmed" fw={600}>
            {title}
          </Text>
          {children}
        </div>
        <IconChevronRight size={18} className={mirror.mirror} aria-hidden style={{ alignSelf: "center", flex: "none", opacity: 0.6 }} />
      </Group>
    </Card>
  );
}

/** A card that lists a few things, each a row that opens it; `aside` sits at the end of the heading. */
export function ListCard({
  icon: Icon,
  color,
  title,
  aside,
  testId,
  children,
}: {
  icon: ComponentType<IconProps>;
  color: string;
  title: ReactNode;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" mb={6}>
        <ThemeIcon variant="light" color={color} radius="xl" size={36} aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Text size="xs" c="dimmed" fw={600} style={{ flex: 1 }}>
          {title}
        </Text>
        {aside}
      </Group>
      <Stack gap={2}>{children}</Stack>
    </Card>
  );
}

/** One row of a `ListCard`: a real link with a chevron that turns round in right-to-left pages. */
export function ListCardRow({ to, testId, children }: { to: string; testId?: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      underline="never"
      c="inherit"
      py={6}
      data-testid={testId}
      style={{ borderBlockStart: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group wrap="nowrap" gap="xs">
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
        <IconChevronRight size={16} className={mirror.mirror} aria-hidden style={{ flex: "none", opacity: 0.6 }} />
      </Group>
    </Anchor>
  );
}

/** The home's shape while the first reply is on its way (nothing kept on this phone yet). */
export function HomeSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={label} data-testid="home-loading">
      <Group grow gap="sm">
        <Skeleton height={84} radius="md" />
        <Skeleton height={84} radius="md" />
      </Group>
      <Skeleton height={96} radius="md" />
      <Skeleton height={64} radius="md" />
      <Skeleton height={64} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}
