import { Avatar, Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconCheck, IconMoodKid } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

export interface Child {
  id: number;
  name: string;
  nameNative?: string | null;
  photo?: string | null;
  className?: string | null;
}

/** The chosen child lives in the address (`?student=`), as the home call names it. */
export function useChosenChild(list: Child[]) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("student")) || null;
  const chosen = list.find((c) => c.id === id) ?? (list.length === 1 ? list[0]! : null);
  const choose = (c: Child) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set("student", String(c.id));
        return next;
      },
      { replace: true },
    );
  return { chosen, choose };
}

/**
 * Which child the parent area shows. Until the school links a child to this account there is
 * nothing to choose, and the card says so and what happens next.
 */
export function ChildChooser({ list, chosen, onChoose }: { list: Child[]; chosen: Child | null; onChoose: (c: Child) => void }) {
  const { t } = useTranslation("parent");
  if (!list.length) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" color="blue">
            <IconMoodKid size={28} />
          </ThemeIcon>
          <div>
            <Text fw={700}>{t("children.noneTitle")}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t("children.noneText")}
            </Text>
          </div>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={700} mb="xs" id="child-chooser">
        {t("children.choose")}
      </Text>
      <Stack gap="xs" role="radiogroup" aria-labelledby="child-chooser">
        {list.map((c) => {
          const active = chosen?.id === c.id;
          return (
            <UnstyledButton
              key={c.id}
              role="radio"
              aria-checked={active}
              onClick={() => onChoose(c)}
              p="xs"
              style={{
                borderRadius: "var(--mantine-radius-md)",
                border: `1px solid ${active ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
              }}
            >
              <Group wrap="nowrap" gap="sm">
                <Avatar src={c.photo ?? undefined} radius="xl" color="blue" alt="">
                  {c.name.charAt(0)}
                </Avatar>
                <div style={{ flex: 1 }}>
                  <Text fw={600}>{c.name}</Text>
                  {(c.nameNative || c.className) && (
                    <Text size="sm" c="dimmed">
                      {[c.nameNative, c.className].filter(Boolean).join(" · ")}
                    </Text>
                  )}
                </div>
                {active && <IconCheck size={18} color="var(--mantine-primary-color-filled)" aria-hidden />}
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </Card>
  );
}
