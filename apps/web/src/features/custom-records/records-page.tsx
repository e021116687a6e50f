import { Anchor, Badge, CopyButton, Group, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconListDetails, IconTableRow } from "@tabler/icons-react";
import { type CustomRecordRow, customRecordResource } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { backendFor } from "../../lib/backend";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAreaPath } from "../../ui/area-path";
import { ResourceList } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { viewOf } from "../academics/resource-view";

const records = viewOf(customRecordResource, "forms:records");

/** The full address of a record type's public form (what the school puts on its website or in an app). */
export const publicAddress = (path: string) => `${backendFor(window.location.origin) || window.location.origin}${path}`;

/** The school's own record types (hostel requests, transport forms): their fields, rows and public link. */
export function RecordsPage() {
  const { t } = useTranslation(["forms", "admin"]);
  const to = useAreaPath();
  const navigate = useNavigate();
  const allowed = useCan();
  return (
    <ResourceList<CustomRecordRow>
      definition={records}
      description={t("forms:records.description")}
      cells={{
        name: (r) => (
          <Anchor component={Link} to={to(`custom-records/${r.id}`)} size="sm" fw={500}>
            <bdi>{r.name}</bdi>
          </Anchor>
        ),
        isPublic: (r) =>
          r.publicPath ? (
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" color="teal">
                {t("forms:records.public")}
              </Badge>
              <CopyButton value={publicAddress(r.publicPath)}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t("forms:copied") : t("forms:records.copyLink")}>
                    <Anchor component="button" type="button" size="xs" onClick={copy} aria-label={t("forms:records.copyLinkOf", { name: r.name })}>
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </Anchor>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t("forms:records.private")}
            </Text>
          ),
        entries: (r) => formatNumber(r.entries),
      }}
      rowActions={[
        { key: "rows", label: t("forms:records.rows"), icon: <IconTableRow size={16} />, onClick: (r) => navigate(to(`custom-records/${r.id}`)) },
        {
          key: "fields",
          label: t("forms:records.editFields"),
          icon: <IconListDetails size={16} />,
          onClick: (r) => navigate(to(`custom-fields?entity=record&recordId=${r.id}`)),
          hidden: () => !allowed("settings", "view"),
        },
        {
          key: "link",
          label: t("forms:records.copyLink"),
          icon: <IconCopy size={16} />,
          hidden: (r) => !r.publicPath,
          onClick: (r) => {
            void navigator.clipboard?.writeText(publicAddress(r.publicPath!)).then(
              () => notify.success(t("forms:copied")),
              () => notify.info(publicAddress(r.publicPath!)),
            );
          },
        },
      ]}
      canDelete={(r) => r.entries === 0}
    />
  );
}
