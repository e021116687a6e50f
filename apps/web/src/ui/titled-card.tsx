import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One section of a settings-like screen: a bordered card, its title, a line on what it is for, then its content. */
export function TitledCard({ title, text, children }: { title: ReactNode; text?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {text && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
