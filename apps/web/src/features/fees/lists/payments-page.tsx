import { Anchor, Button } from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { type FeePaymentRow, feePaymentResource, TRANSACTION_KINDS, TRANSACTION_STATES } from "@taleem/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { withoutFilters } from "../../../lib/resource-view";
import { useAreaPath } from "../../../ui/area-path";
import { DocNumber, StateBadge } from "../../../ui/money";
import { ResourceList } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";
import { usePaymentActions } from "../card/payment-actions";

/**
 * Every payment and refund, newest first, with its status (received until the office confirms
 * it; reversed with a reason). Nothing is deleted here: a wrong payment is reversed.
 */
export function PaymentsPage() {
  const { t } = useTranslation("fees");
  const to = useAreaPath();
  const allowed = useCan();
  const { actions, dialogs } = usePaymentActions<FeePaymentRow>();
  const choices = useMemo(
    () => ({
      status: TRANSACTION_STATES.map((s) => ({ value: s, label: t(`states.payment.${s}`) })),
      kind: TRANSACTION_KINDS.map((s) => ({ value: s, label: t(`payments.options.kind.${s}`) })),
    }),
    [t],
  );
  return (
    <>
      <ResourceList<FeePaymentRow>
        definition={withoutFilters(feePaymentResource, ["studentId"])}
        filterOptions={choices}
        rowLabel={(r) => r.receiptNumber ?? `${r.studentName} #${r.id}`}
        rowActions={actions}
        canEdit={() => false}
        canDelete={() => false}
        toolbar={
          allowed("fees", "collect") && (
            <Button variant="default" leftSection={<IconCash size={16} />} component={Link} to={to("fees/counter")}>
              {t("nav.counter")}
            </Button>
          )
        }
        cells={{
          studentName: (r) => (
            <Anchor component={Link} to={to(`fees/student/${r.studentId}`)} size="sm" fw={500}>
              <bdi>{r.studentName}</bdi>
            </Anchor>
          ),
          admissionNo: (r) => <bdi dir="ltr">{r.admissionNo}</bdi>,
          receiptNumber: (r) => <DocNumber value={r.receiptNumber} />,
          kind: (r) => t(`payments.options.kind.${r.kind}`),
          status: (r) => <StateBadge kind="payment" state={r.status} />,
        }}
      />
      {dialogs}
    </>
  );
}
