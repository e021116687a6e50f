import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import { assignStudentsToUser, type StudentRow } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useParentOptions } from "../../lib/people-options";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";

export const RELATIONS = ["father", "mother", "guardian", "grandparent", "sibling", "other"] as const;

/**
 * Links a parent to this student from the student's side: the parent is chosen among the users
 * holding the Parent role (POST /admin/api/user/assign-student, which adds to their links).
 */
export function LinkParentDialog({ student, opened, onClose }: { student: StudentRow; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["students", "admin"]);
  const errorText = useErrorText();
  const parents = useParentOptions(opened);
  const [parent, setParent] = useState<string | null>(null);
  const [relation, setRelation] = useState<string>("father");
  useEffect(() => {
    if (opened) {
      setParent(null);
      setRelation("father");
    }
  }, [opened]);
  const linked = new Set(student.guardians.map((g) => String(g.userId)));
  const assign = useAction(assignStudentsToUser);
  const link = () =>
    assign.mutate(
      { body: { userId: Number(parent), studentIds: [student.id], relation } },
      {
        onSuccess: () => {
          notify.success(t("students:guardians.linked"));
          onClose();
        },
        onError: (e) => notify.error(`${t("students:guardians.linkFailed")} ${errorText(e)}`),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t("students:guardians.linkTitle", { name: iso(student.name) })} centered>
      <Stack gap="md">
        <Text size="sm">{t("students:guardians.linkText")}</Text>
        <Select
          label={t("students:guardians.parent")}
          placeholder={t("students:guardians.parentPlaceholder")}
          data={parents.options.filter((o) => !linked.has(o.value))}
          value={parent}
          onChange={setParent}
          searchable
          withAsterisk
          nothingFoundMessage={parents.isLoading ? t("admin:form.loadingOptions") : t("students:guardians.noParents")}
          data-autofocus
        />
        <Select
          label={t("students:guardians.relation")}
          data={RELATIONS.map((r) => ({ value: r, label: t(`students:relations.${r}`) }))}
          value={relation}
          onChange={(v) => setRelation(v ?? "guardian")}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button leftSection={<IconLink size={16} />} disabled={!parent} loading={assign.isPending} onClick={link}>
            {t("students:guardians.link")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
