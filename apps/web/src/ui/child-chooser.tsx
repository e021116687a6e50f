import { Avatar, Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconMoodKid } from "@tabler/icons-react";
import { useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuth } from "../lib/auth-store";
import { rememberChild, rememberedChild, ServerChosenChild } from "../lib/chosen-child";
import { inReadersScript } from "../lib/reader-name";

export interface Child {
  id: number;
  name: string;
  nameNative?: string | null;
  photo?: string | null;
  className?: string | null;
}

/**
 * The chosen child: the one the address names (`?student=`, as the home call names it), else the
 * one this account chose last on this device (a cookie the server reads too, lib/chosen-child.ts),
 * else an only child; always one of `list`, the family's own. A child the address names becomes
 * the remembered choice, so every page of the parent area shows the same child until the parent
 * chooses another, wherever that is.
 */
export function useChosenChild(list: Child[]) {
  const [params, setParams] = useSearchParams();
  const userId = useAuth((s) => s.user?.id);
  // Drawn on the server: the child the server checked and drew.
  const drawn = useContext(ServerChosenChild);
  const asked = Number(params.get("student")) || null;
  const remembered = drawn !== undefined ? drawn : userId !== undefined ? rememberedChild(userId) : null;
  const chosen = list.find((c) => c.id === asked) ?? list.find((c) => c.id === remembered) ?? (list.length === 1 ? list[0]! : null);
  const chosenId = chosen?.id;
  useEffect(() => {
    if (userId !== undefined && chosenId !== undefined && chosenId !== rememberedChild(userId)) rememberChild(userId, chosenId);
  }, [userId, chosenId]);
  const choose = (c: Child) => {
    if (userId !== undefined) rememberChild(userId, c.id);
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set("student", String(c.id));
        return next;
      },
      { replace: true },
    );
  };
  return { chosen, choose };
}

function ChildAvatar({ child, size }: { child: Child; size: number }) {
  return (
    <Avatar src={child.photo ?? undefined} radius="xl" color="blue" alt="" size={size} style={{ flexShrink: 0 }}>
      {child.name.charAt(0)}
    </Avatar>
  );
}

/** Once a child is chosen: one row of names, each one tap away (it scrolls sideways in a large family). */
function CompactChooser({ list, chosen, onChoose }: { list: Child[]; chosen: Child; onChoose: (c: Child) => void }) {
  const { t } = useTranslation("parent");
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      role="radiogroup"
      aria-label={t("children.choose")}
      style={{ overflowX: "auto", paddingBlock: 2 }}
      data-testid="child-chooser"
    >
      {list.map((c) => {
        const active = chosen.id === c.id;
        return (
          <UnstyledButton
            key={c.id}
            role="radio"
            aria-checked={active}
            onClick={() => onChoose(c)}
            py={4}
            ps={4}
            pe="sm"
            // Names shrink (an ellipsis) before the row scrolls: two children fit a 360 px phone whole.
            style={{
              flex: "0 1 auto",
              minWidth: "min(9rem, 45%)",
              maxWidth: "70%",
              minHeight: 44,
              borderRadius: 999,
              border: `${active ? 2 : 1}px solid ${active ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
              background: active ? "var(--mantine-primary-color-light)" : undefined,
            }}
          >
            <Group gap={6} wrap="nowrap">
              <ChildAvatar child={c} size={32} />
              <Text size="sm" fw={active ? 700 : 500} truncate style={{ minWidth: 0 }}>
                <bdi>{c.name}</bdi>
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

/**
 * Which child the parent area shows. Until the school links a child to this account there is
 * nothing to choose, and the card says so and what happens next. Once one is chosen the choice
 * shrinks to a row of names (one name for an only child: whose day this is), so switching stays one tap.
 */
export function ChildChooser({ list, chosen, onChoose }: { list: Child[]; chosen: Child | null; onChoose: (c: Child) => void }) {
  const { t, i18n } = useTranslation("parent");
  // The name in the child's own script only when the reader reads that script.
  const native = (c: Child) => inReadersScript(c.nameNative, i18n.language);
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
  if (chosen) return <CompactChooser list={list} chosen={chosen} onChoose={onChoose} />;
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={700} mb="xs" id="child-chooser">
        {t("children.choose")}
      </Text>
      <Stack gap="xs" role="radiogroup" aria-labelledby="child-chooser">
        {list.map((c) => (
          <UnstyledButton
            key={c.id}
            role="radio"
            aria-checked={false}
            onClick={() => onChoose(c)}
            p="xs"
            style={{ borderRadius: "var(--mantine-radius-md)", border: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group wrap="nowrap" gap="sm">
              <ChildAvatar child={c} size={38} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>
                  <bdi>{c.name}</bdi>
                </Text>
                {(native(c) || c.className) && (
                  <Text size="sm" c="dimmed">
                    {native(c) && <bdi>{c.nameNative}</bdi>}
                    {native(c) && c.className && " · "}
                    {c.className && <bdi>{c.className}</bdi>}
                  </Text>
                )}
              </div>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}
