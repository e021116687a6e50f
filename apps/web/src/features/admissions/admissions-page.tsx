import { Anchor, Badge, Button, Group, Menu, Text } from "@mantine/core";
import { IconChevronDown, IconExternalLink, IconEye, IconFileSpreadsheet, IconTableImport } from "@tabler/icons-react";
import { type AdmissionRow, AdmissionSource, admissionResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { formatNumber } from "../../lib/format";
import { useChoiceFilters } from "../../lib/resource-view";
import { useAreaPath } from "../../ui/area-path";
import { NativeName } from "../../ui/native-name";
import { ResourceList, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { AdmissionImportDialog, SheetImportDialog } from "./admission-import";
import { ADMISSION_STATUS_COLOR, ADMISSION_STATUSES } from "./admission-status";

/** Applications: filtered by status, course, batch and words; each opens its own page. */
export function AdmissionsPage() {
  const { t } = useTranslation(["admissions", "admin"]);
  const to = useAreaPath();
  const navigate = useNavigate();
  const allowed = useCan();
  const code = useAuth((s) => s.user?.tenant.code);
  const [importing, setImporting] = useState<"file" | "sheet" | null>(null);
  const courses = useResourceOptions("course", "name");
  const batches = useResourceOptions("batch", "name");
  const choices = {
    status: ADMISSION_STATUSES.map((s) => ({ value: s, label: t(`admissions:options.status.${s}`) })),
    source: AdmissionSource.options.map((s) => ({ value: s, label: t(`admissions:options.source.${s}`) })),
    courseId: courses.options,
    batchId: batches.options,
  };
  const definition = useChoiceFilters(admissionResource, { courseId: courses.options, batchId: batches.options });
  const open = (a: AdmissionRow) => navigate(to(`admissions/${a.id}`));
  const publicForm = code ? `/open/admission/${encodeURIComponent(code)}` : null;

  return (
    <>
      <ResourceList<AdmissionRow>
        definition={definition}
        description={t("admissions:description")}
        filterOptions={choices}
        summary={(reply) => (
          <Group gap="sm">
            <Badge variant="light" color="teal" size="lg" tt="none" data-testid="total-approved">
              {t("admissions:totalApproved", { n: formatNumber(Number(reply.totalApproved ?? 0)) })}
            </Badge>
          </Group>
        )}
        toolbar={
          <>
            {publicForm && (
              <Button variant="default" component={Link} to={publicForm} target="_blank" rel="noopener" leftSection={<IconExternalLink size={16} />}>
                {t("admissions:publicForm")}
              </Button>
            )}
            {allowed("admissions", "add") && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconTableImport size={16} />} rightSection={<IconChevronDown size={14} />}>
                    {t("admissions:import.button")}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setImporting("file")}>
                    {t("admissions:import.fromFile")}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconTableImport size={16} />} onClick={() => setImporting("sheet")}>
                    {t("admissions:import.fromSheet")}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </>
        }
        cells={{
          applicationNo: (a) => (
            <Anchor component={Link} to={to(`admissions/${a.id}`)} size="sm" fw={600} className="ltr-value">
              {a.applicationNo}
            </Anchor>
          ),
          name: (a) => (
            <Text size="sm">
              <bdi>{a.name}</bdi>
            </Text>
          ),
          nameNative: (a) => <NativeName value={a.nameNative} />,
          courseName: (a) =>
            a.courseName ? (
              <bdi>{a.courseName}</bdi>
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            ),
          guardianName: (a) => <bdi>{a.guardianName}</bdi>,
          guardianMobile: (a) => <span className="ltr-value">{a.guardianMobile}</span>,
          status: (a) => (
            <Badge variant="light" color={ADMISSION_STATUS_COLOR[a.status]} styles={{ label: { overflow: "visible" } }}>
              {t(`admissions:options.status.${a.status}`)}
            </Badge>
          ),
        }}
        rowActions={[{ key: "open", label: t("admissions:detail.open"), icon: <IconEye size={16} />, onClick: open }]}
        canEdit={(a) => a.status !== "enrolled"}
        canDelete={(a) => a.status !== "enrolled"}
        rowLabel={(a) => `${a.applicationNo} · ${a.name}`}
      />
      <AdmissionImportDialog opened={importing === "file"} onClose={() => setImporting(null)} />
      <SheetImportDialog opened={importing === "sheet"} onClose={() => setImporting(null)} />
    </>
  );
}
