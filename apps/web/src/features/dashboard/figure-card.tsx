import { Group, Paper, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * One figure of the dashboard: a label, the value, a line under it, an icon; the whole card links to
 * the list behind the figure when there is one (so it is a real link, reachable by keyboard).
 */
export function FigureCard({
  label,
  value,
  sub,
  icon,
  to,
  color = "blue",
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  icon: ReactNode;
  to?: string;
  color?: string;
  testId?: string;
}) {
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.3} data-testid={testId}>
          {value}
        </Text>
        {sub && (
          <Text size="xs" c="dimmed">
            {sub}
          </Text>
        )}
      </div>
      <ThemeIcon variant="light" size={40} radius="md" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
    </Group>
  );
  return to ? (
    <Paper withBorder radius="md" p="md" component={Link} to={to} style={{ color: "inherit", textDecoration: "none" }} data-figure={testId}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="md" data-figure={testId}>
      {body}
    </Paper>
  );
}
