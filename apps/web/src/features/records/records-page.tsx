import { Anchor, Badge, CopyButton, Group, Input, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconExternalLink, IconListDetails, IconTableRow } from "@tabler/icons-react";
import { type CustomRecordRow, customRecordResource, type FieldSpec, type Localised } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { backendFor } from "../../lib/backend";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { usePublicAddress } from "../../lib/public-address";
import { useAreaPath } from "../../ui/area-path";
import { LocalisedInputs } from "../../ui/localised-inputs";
import { type FieldOptions, ResourceList } from "../../ui/resource";
import { useCan } from "../../ui/use-can";

/** The record type's name per language sits under its name; the form renders it itself (LabelsField). */
const formFields: readonly FieldSpec[] = customRecordResource.fields.flatMap((f) =>
  f.key === "name" ? [f, { key: "labels", kind: "textarea" } as const] : [f],
);

/** The full address of a record type's public form API, for integrations (a school's own website or app). */
export const apiAddress = (path: string) => `${backendFor(window.location.origin) || window.location.origin}${path}`;

/** Without empty entries: the server takes no empty names, and a cleared language falls back to the plain name. */
function withoutBlanks(v: Localised): Localised {
  return Object.fromEntries(Object.entries(v).filter(([, s]) => typeof s === "string" && s.trim() !== ""));
}

function LabelsField({ value, error, onChange, label }: Parameters<NonNullable<FieldOptions["render"]>>[0]) {
  const { t } = useTranslation("forms");
  return (
    <Input.Wrapper label={label} description={t("records.labelsHint")} error={error}>
      <div style={{ marginTop: 6 }}>
        <LocalisedInputs name="labels" value={(value as Localised | undefined) ?? {}} onChange={(v) => onChange(withoutBlanks(v))} maxLength={200} />
      </div>
    </Input.Wrapper>
  );
}

const labelsField: FieldOptions = { render: (input) => <LabelsField {...input} /> };

/** The school's own record types (hostel requests, transport forms): their fields, rows and public page. */
export function RecordsPage() {
  const { t } = useTranslation(["forms", "admin"]);
  const pageAddress = usePublicAddress();
  const to = useAreaPath();
  const navigate = useNavigate();
  const allowed = useCan();
  return (
    <ResourceList<CustomRecordRow>
      definition={customRecordResource}
      description={t("forms:records.description")}
      form={{ fields: formFields, fieldOptions: { labels: labelsField } }}
      cells={{
        name: (r) => (
          <Anchor component={Link} to={to(`custom-records/${r.id}`)} size="sm" fw={500}>
            <bdi>{r.name}</bdi>
          </Anchor>
        ),
        isPublic: (r) =>
          r.publicPage ? (
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" color="teal">
                {t("forms:records.public")}
              </Badge>
              <CopyButton value={pageAddress(r.publicPage)}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t("forms:copied") : t("forms:records.copyLink")}>
                    <Anchor component="button" type="button" size="xs" onClick={copy} aria-label={t("forms:records.copyLinkOf", { name: r.name })}>
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </Anchor>
                  </Tooltip>
                )}
              </CopyButton>
              <Tooltip label={t("forms:records.openPage")}>
                <Anchor
                  href={r.publicPage}
                  target="_blank"
                  rel="noopener"
                  size="xs"
                  aria-label={t("forms:records.openPageOf", { name: r.name })}
                  data-testid="open-public-page"
                >
                  <IconExternalLink size={14} />
                </Anchor>
              </Tooltip>
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
          hidden: (r) => !r.publicPage,
          onClick: (r) => {
            const address = pageAddress(r.publicPage!);
            // Without a clipboard (a page not served over HTTPS), the address is shown to copy by hand.
            if (!navigator.clipboard) return notify.info(address);
            void navigator.clipboard.writeText(address).then(
              () => notify.success(t("forms:copied")),
              () => notify.info(address),
            );
          },
        },
      ]}
      canDelete={(r) => r.entries === 0}
    />
  );
}
