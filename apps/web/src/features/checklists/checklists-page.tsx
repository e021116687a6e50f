import { IconCopy } from "@tabler/icons-react";
import { type ChecklistRow, checklistResource, cloneChecklist } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ResourceList, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { ChecklistItemsField } from "./checklist-items-field";

/** The office's checklists: name, category, how often, who submits them, and their items in order; copied with one action. */
export function ChecklistsPage() {
  const { t } = useTranslation("checklists");
  const clone = useAction(cloneChecklist);
  const errorText = useErrorText();
  const can = useCan();
  const roles = useResourceOptions("role", "name", can("roles", "view"));
  return (
    <ResourceList<ChecklistRow>
      definition={checklistResource}
      filterOptions={{ roleId: roles.options }}
      form={{ fieldOptions: { items: { render: (input) => <ChecklistItemsField {...input} /> } } }}
      rowActions={[
        {
          key: "clone",
          label: t("clone"),
          icon: <IconCopy size={16} />,
          hidden: () => !can("checklists", "add"),
          onClick: (row) =>
            clone.mutate(
              { params: { id: row.id } },
              { onSuccess: (r) => notify.success(t("cloned", { name: r.data.name })), onError: (e) => notify.error(errorText(e)) },
            ),
        },
      ]}
    />
  );
}
