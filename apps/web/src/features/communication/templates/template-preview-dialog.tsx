import { Alert, Button, Group, Loader, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type AdmissionRow, type DocumentTemplateRow, previewTemplate } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { callAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { type ListReply, resourceKeys, resourceUrl } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";

/** A saved template filled from a real application (or sample values), exactly as it would go out. */
export function TemplatePreviewDialog({ template, onClose }: { template: DocumentTemplateRow | null; onClose: () => void }) {
  const { t } = useTranslation(["forms", "admin"]);
  const errorText = useErrorText();
  const allowed = useCan();
  const [admissionId, setAdmissionId] = useState<string | null>(null);
  const admissions = useQuery({
    queryKey: resourceKeys("admission").list({ limit: 100, sort: "-createdAt", purpose: "preview" }),
    queryFn: () => api.get<ListReply<AdmissionRow>>(resourceUrl("admission"), { limit: 100, sort: "-createdAt" }),
    enabled: !!template && allowed("admissions", "view"),
    meta: { toast403: false },
  });
  // A POST that changes nothing: read as a query, refetched whenever the application changes.
  const preview = useQuery({
    queryKey: ["template-preview", template?.id, admissionId],
    queryFn: () => callAction(previewTemplate, { body: { templateId: template!.id, ...(admissionId ? { admissionId: Number(admissionId) } : {}) } }),
    enabled: !!template,
    staleTime: 0,
  });
  const data = preview.data;

  return (
    <Modal
      opened={!!template}
      onClose={onClose}
      title={t("forms:templates.previewTitle", { name: template?.name ?? "" })}
      size="lg"
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <Stack gap="md">
        <Select
          label={t("forms:templates.previewFrom")}
          placeholder={t("forms:templates.sampleValues")}
          data={(admissions.data?.rows ?? []).map((a) => ({ value: String(a.id), label: `${a.applicationNo} · ${a.name}` }))}
          value={admissionId}
          onChange={setAdmissionId}
          clearable
          searchable
          nothingFoundMessage={t("admin:form.nothingFound")}
        />
        {preview.isFetching && <Loader size="sm" />}
        {preview.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {errorText(preview.error)}
          </Alert>
        )}
        {data && (
          <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="template-preview">
            {data.subject && (
              <Text fw={700} mb="xs" dir="auto">
                {data.subject}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }} dir="auto" lang={template?.language}>
              {data.body}
            </Text>
          </Paper>
        )}
        {data && data.empty.length > 0 && (
          <Alert color="yellow" variant="light">
            {t("forms:templates.emptyValues", { names: data.empty.map((p) => t(`forms:templates.placeholders.${p}`, { defaultValue: p })).join(", ") })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("admin:actions.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
