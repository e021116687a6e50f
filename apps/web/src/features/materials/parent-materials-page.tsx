import { Anchor, Badge, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { actionUrl, getHomeMaterial, linkedChildren, listApprovedMaterials, type MaterialKind, type MaterialRow, materialFile } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ChildChooser, useChosenChild } from "../../ui/child-chooser";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { MaterialContent } from "./material-content";

/** Where a family fetches a material's file: through the material, which checks it is their child's. */
const fileOf = (m: MaterialRow) => actionUrl(materialFile, { id: m.id });

function MaterialCard({ material, titleLink }: { material: MaterialRow; titleLink?: boolean }) {
  const { t } = useTranslation("materials");
  const place = [material.className, material.subjectName].filter(Boolean).join(" · ");
  return (
    <Card withBorder radius="md" padding="sm" data-testid="material">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            {titleLink ? (
              <Anchor component={Link} to={`/parent/materials/${material.id}`} fw={700} dir="auto">
                {material.title}
              </Anchor>
            ) : (
              <Title order={2} size="h4" dir="auto">
                {material.title}
              </Title>
            )}
            <Text size="xs" c="dimmed">
              {place && <bdi>{place}</bdi>}
              {place && " · "}
              {formatDate(material.createdAt)}
            </Text>
          </div>
          <Badge variant="light">{t(`materials.options.kind.${material.kind}`)}</Badge>
        </Group>
        {material.description && (
          <Text size="sm" dir="auto" style={{ whiteSpace: "pre-wrap" }}>
            {material.description}
          </Text>
        )}
        <MaterialContent material={material} file={fileOf(material)} />
      </Stack>
    </Card>
  );
}

/** The approved materials of the chosen child's classes, newest first, by kind. */
export function ParentMaterialsPage() {
  const { t } = useTranslation("materials");
  const errorText = useErrorText();
  const children = useActionQuery(linkedChildren).data?.rows ?? [];
  const { chosen, choose } = useChosenChild(children);
  const [kind, setKind] = useState<MaterialKind | "all">("all");
  const query = useActionQuery(
    listApprovedMaterials,
    { query: { studentId: chosen?.id ?? 0, kind: kind === "all" ? undefined : kind } },
    { enabled: !!chosen },
  );
  return (
    <Stack gap="sm" maw={560}>
      <Title order={1} size="h2">
        {t("parent.title")}
      </Title>
      {children.length !== 1 && <ChildChooser list={children} chosen={chosen} onChoose={choose} />}
      <SegmentedControl
        fullWidth
        size="xs"
        value={kind}
        onChange={(v) => setKind(v as MaterialKind | "all")}
        data={(["all", "note", "worksheet", "audio", "link"] as const).map((k) => ({
          value: k,
          label: t(k === "all" ? "parent.all" : `materials.options.kind.${k}`),
        }))}
      />
      {chosen && query.isPending && <LoadingState text={t("parent.loading")} />}
      {query.isError && <FailureState reason={errorText(query.error)} onRetry={() => void query.refetch()} />}
      {query.data && !query.data.rows.length && <EmptyList title={t("parent.none")} />}
      {query.data?.rows.map((m) => (
        <MaterialCard key={m.id} material={m} titleLink />
      ))}
    </Stack>
  );
}

/** One material, as a notification opens it. */
export function ParentMaterialPage() {
  const { t } = useTranslation("materials");
  const errorText = useErrorText();
  const id = Number(useParams().id);
  const query = useActionQuery(getHomeMaterial, { params: { id } }, { enabled: id > 0 });
  return (
    <Stack gap="sm" maw={560}>
      <Anchor component={Link} to="/parent/materials" size="sm">
        {t("parent.back")}
      </Anchor>
      {query.isPending && <LoadingState text={t("parent.loading")} />}
      {query.isError && <FailureState reason={errorText(query.error)} onRetry={() => void query.refetch()} />}
      {query.data && <MaterialCard material={query.data.data} />}
    </Stack>
  );
}
