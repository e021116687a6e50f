import { Anchor, TextInput } from "@mantine/core";
import { nextAdmissionNo } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { useActionQuery } from "../../lib/use-action";

interface Props {
  value: unknown;
  error?: string;
  onChange: (v: unknown) => void;
  label: string;
}

/**
 * The admission number of a new student, with the next free one offered under it (the school's
 * latest series, one on): a click fills it in. Only a suggestion: the server's unique index
 * decides, so a clerk who took it a moment earlier gets a 409 on this field.
 */
export function AdmissionNoInput({ value, error, onChange, label }: Props) {
  const { t } = useTranslation("students");
  const next = useActionQuery(nextAdmissionNo, {}, { staleTime: 0 });
  const suggested = next.data?.admissionNo;
  return (
    <TextInput
      label={label}
      withAsterisk
      name="admissionNo"
      dir="ltr"
      value={typeof value === "string" ? value : ""}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      description={
        suggested && suggested !== value ? (
          <Anchor component="button" type="button" size="xs" onClick={() => onChange(suggested)}>
            {t("nextNumber.use", { number: suggested })}
          </Anchor>
        ) : undefined
      }
    />
  );
}
