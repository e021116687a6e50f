import { Group, Paper, Skeleton, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";

/** One figure on the dashboard (a label, the number, an icon), linked to the screen that lists it when there is one. */
export function CountCard({
  label,
  value,
  icon,
  to,
  loading,
  testId,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  to?: string;
  loading?: boolean;
  testId?: string;
}) {
  const body = (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        {loading ? (
          <Skeleton h={28} w={48} mt={6} />
        ) : (
          <Text fz={28} fw={700} lh={1.3} data-testid={testId}>
            {formatNumber(value ?? 0)}
          </Text>
        )}
      </div>
      <ThemeIcon variant="light" size={44} radius="md">
        {icon}
      </ThemeIcon>
    </Group>
  );
  return to ? (
    <Paper withBorder radius="md" p="md" component={Link} to={to} style={{ color: "inherit", textDecoration: "none" }}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="md">
      {body}
    </Paper>
  );
}
