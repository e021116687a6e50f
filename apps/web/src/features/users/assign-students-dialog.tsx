import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconLink } from "@tabler/icons-react";
import { assignStudentsToUser, type StudentRow, type UserRow } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { type ListReply, resourceKeys, resourceUrl } from "../../ui/resource";
import { useCan } from "../../ui/use-can";

const RELATIONS = ["father", "mother", "guardian", "grandparent", "sibling", "other"] as const;

/**
 * Whether students can be linked yet: the school's role may view students and the server
 * serves the student list (the students module may not be installed yet).
 */
export function useStudentsAvailable() {
  const allowed = useCan();
  const may = allowed("students", "view") && allowed("users", "edit");
  const probe = useQuery({
    queryKey: resourceKeys("student").list({ limit: 1, purpose: "probe" }),
    queryFn: () => api.get<ListReply<StudentRow>>(resourceUrl("student"), { limit: 1 }),
    enabled: may,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return may && probe.isSuccess;
}

/** Links a parent to their children (POST /admin/api/user/assign-student), adding to the links they have. */
export function AssignStudentsDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation(["users", "admin"]);
  const errorText = useErrorText();
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<string[]>([]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [relation, setRelation] = useState<string>("guardian");
  const students = useQuery({
    queryKey: resourceKeys("student").list({ q: term, limit: 20, status: "active", purpose: "assign" }),
    queryFn: () => api.get<ListReply<StudentRow>>(resourceUrl("student"), { q: term, limit: 20, status: "active" }),
    enabled: !!user,
  });
  const found = Object.fromEntries((students.data?.rows ?? []).map((s) => [String(s.id), `${s.name} (${s.admissionNo})`]));
  const names = { ...known, ...found };
  const data = Object.entries(names).map(([value, label]) => ({ value, label }));

  const assign = useAction(assignStudentsToUser);
  function close() {
    setSearch("");
    setChosen([]);
    setKnown({});
    setRelation("guardian");
    onClose();
  }
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      opened={!!user}
      onClose={close}
      title={t("users:assign.title", { name: user?.name ?? "" })}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t("users:assign.text")}</Text>
        <MultiSelect
          label={t("users:assign.students")}
          placeholder={t("users:assign.search")}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={data}
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setKnown((k) => ({ ...k, ...Object.fromEntries(v.map((id) => [id, names[id] ?? id])) }));
          }}
          nothingFoundMessage={students.isFetching ? t("admin:form.loadingOptions") : t("admin:form.nothingFound")}
          maxValues={50}
        />
        <Select
          label={t("users:assign.relation")}
          data={RELATIONS.map((r) => ({ value: r, label: t(`users:assign.relations.${r}`) }))}
          value={relation}
          onChange={(v) => setRelation(v ?? "guardian")}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={assign.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button
            leftSection={<IconLink size={16} />}
            disabled={!chosen.length}
            loading={assign.isPending}
            onClick={() =>
              user &&
              assign.mutate(
                { body: { userId: user.id, studentIds: chosen.map(Number), relation } },
                {
                  onSuccess: () => {
                    notify.success(t("users:assign.done"));
                    close();
                  },
                  onError: (e) => notify.error(`${t("users:assign.failed")} ${errorText(e)}`),
                },
              )
            }
          >
            {t("users:assign.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
