import { Avatar, Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconMoodKid } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuth } from "../lib/auth-store";
import { inReadersScript } from "../lib/reader-name";
import { storage } from "../lib/storage";

export interface Child {
  id: number;
  name: string;
  nameNative?: string | null;
  photo?: string | null;
  className?: string | null;
}

/** The child last chosen by this account on this phone: the app opens on them next time. */
const lastChildKey = (userId: number) => `taleem_last_child:${userId}`;

/**
 * The chosen child lives in the address (`?student=`), as the home call names it; without one,
 * the child this account chose last on this phone, or the only child.
 */
export function useChosenChild(list: Child[]) {
  const [params, setParams] = useSearchParams();
  const userId = useAuth((s) => s.user?.id);
  const id = Number(params.get("student")) || Number(userId !== undefined ? storage.get(lastChildKey(userId)) : null) || null;
  const chosen = list.find((c) => c.id === id) ?? (list.length === 1 ? list[0]! : null);
  const choose = (c: Child) => {
    if (userId !== undefined) storage.set(lastChildKey(userId), String(c.id));
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
    <Avatar src={child.photo ?? undefined} radius="xl" color="blue" alt="" size={size}>
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
            style={{
              flex: "0 0 auto",
              maxWidth: "70%",
              minHeight: 44,
              borderRadius: 999,
              border: `${active ? 2 : 1}px solid ${active ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
              background: active ? "var(--mantine-primary-color-light)" : undefined,
            }}
          >
            <Group gap={6} wrap="nowrap">
              <ChildAvatar child={c} size={32} />
              <Text size="sm" fw={active ? 700 : 500} truncate>
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
