import { ActionIcon, Alert, Button, Group, List, Modal, Paper, Select, Stack, Text, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowsExchange, IconGitMerge, IconInfoCircle } from "@tabler/icons-react";
import { mergeUsers, type UserRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";

const who = (u: UserRow) => [u.name, u.mobile ?? u.username].filter(Boolean).join(" · ");

/** Finds another person by name, mobile or username, as the merge's other account. */
function useUserSearch(q: string, exclude: number | undefined) {
  const [term] = useDebouncedValue(q, 300);
  const query = useQuery({
    queryKey: resourceKeys("user").list({ q: term, limit: 20, purpose: "merge" }),
    queryFn: () => api.get<ListReply<UserRow>>(resourceUrl("user"), { q: term, limit: 20 }),
    enabled: exclude !== undefined,
  });
  return { ...query, rows: (query.data?.rows ?? []).filter((u) => u.id !== exclude) };
}

/**
 * Two accounts of one person become one (POST /admin/api/user/merge). The dialog says what moves
 * before anything happens: the other account's roles, children and devices move to the kept one,
 * whose own sign-in details stay; the other account is deleted.
 */
export function MergeUsersDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation(["users", "admin"]);
  const errorText = useErrorText();
  const [search, setSearch] = useState("");
  const [otherId, setOtherId] = useState<string | null>(null);
  const [keepThis, setKeepThis] = useState(true);
  const found = useUserSearch(search, user?.id);
  const [other, setOther] = useState<UserRow | null>(null);
  const keep = keepThis ? user : other;
  const merged = keepThis ? other : user;

  const merge = useAction(mergeUsers);
  function close() {
    setSearch("");
    setOtherId(null);
    setOther(null);
    setKeepThis(true);
    onClose();
  }

  return (
    <Modal closeButtonProps={{ "aria-label": t("admin:actions.close") }} opened={!!user} onClose={close} title={t("users:merge.title")} size="lg" centered>
      <Stack gap="md">
        <Text size="sm">{t("users:merge.intro", { name: user?.name ?? "" })}</Text>
        <Select
          label={t("users:merge.other")}
          placeholder={t("users:merge.searchPlaceholder")}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={found.rows.map((u) => ({ value: String(u.id), label: who(u) }))}
          value={otherId}
          onChange={(v) => {
            setOtherId(v);
            setOther(found.rows.find((u) => String(u.id) === v) ?? null);
          }}
          nothingFoundMessage={found.isFetching ? t("admin:form.loadingOptions") : t("admin:form.nothingFound")}
          clearable
        />
        {keep && merged && (
          <>
            <Group grow align="stretch" gap="xs" wrap="nowrap">
              <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-teal-0)">
                <Text size="xs" fw={700} tt="uppercase" c="teal.9">
                  {t("users:merge.keep")}
                </Text>
                <Text fw={600}>{keep.name}</Text>
                <Text size="sm" c="dimmed" dir="ltr" ta="start">
                  {keep.mobile ?? keep.username}
                </Text>
              </Paper>
              <Tooltip label={t("users:merge.swap")}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => setKeepThis((k) => !k)}
                  aria-label={t("users:merge.swap")}
                  style={{ flex: "0 0 auto", alignSelf: "center" }}
                >
                  <IconArrowsExchange size={18} />
                </ActionIcon>
              </Tooltip>
              <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-red-0)">
                <Text size="xs" fw={700} tt="uppercase" c="red.9">
                  {t("users:merge.remove")}
                </Text>
                <Text fw={600}>{merged.name}</Text>
                <Text size="sm" c="dimmed" dir="ltr" ta="start">
                  {merged.mobile ?? merged.username}
                </Text>
              </Paper>
            </Group>
            <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />} title={t("users:merge.whatMoves")}>
              <List size="sm" spacing={4}>
                <List.Item>{t("users:merge.moves.roles", { from: merged.name, to: keep.name })}</List.Item>
                <List.Item>{t("users:merge.moves.children", { from: merged.name, to: keep.name })}</List.Item>
                <List.Item>{t("users:merge.moves.stays", { to: keep.name })}</List.Item>
                <List.Item>{t("users:merge.moves.deleted", { from: merged.name })}</List.Item>
              </List>
            </Alert>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={merge.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button
            color="orange"
            leftSection={<IconGitMerge size={16} />}
            disabled={!keep || !merged}
            loading={merge.isPending}
            onClick={() =>
              keep &&
              merged &&
              merge.mutate(
                { body: { keepUserId: keep.id, mergeUserId: merged.id } },
                {
                  onSuccess: () => {
                    notify.success(t("users:merge.done"));
                    close();
                  },
                  onError: (e) => notify.error(`${t("users:merge.failed")} ${errorText(e)}`),
                },
              )
            }
          >
            {t("users:merge.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
