import { MultiSelect, NumberInput, Select, Text } from "@mantine/core";
import { CONCESSION_KINDS, type ConcessionRow, concessionResource, FEE_HEADS } from "@taleem/contract";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChoiceFilters, withoutFilters } from "../../../lib/resource-view";
import { type FieldOptions, MoneyInput, majorToMinor, minorToMajor, ResourceList, useResourceOptions, useResourceTexts } from "../../../ui/resource";
import { FieldInput } from "../../../ui/resource/field-input";
import { ConcessionValue } from "../card/fee-card-page";

type RenderInput = Parameters<NonNullable<FieldOptions["render"]>>[0];

/**
 * The value as its kind reads: a percent typed as 12.5 (kept as 1250 basis points), an amount
 * typed in rupees (kept in paise), nothing for a full waiver.
 */
function ValueInput({ input, kind }: { input: RenderInput; kind: string }) {
  const { t } = useTranslation("fees");
  const stored = Number(input.value) || 0;
  const [text, setText] = useState(() => minorToMajor(stored));
  // A new kind starts from what is stored, read its way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of kind resets what is typed
  useEffect(() => setText(minorToMajor(stored)), [kind]);
  if (kind === "waiver")
    return (
      <Text size="sm" c="dimmed" mt={28}>
        {t("concessions.waiverValue")}
      </Text>
    );
  if (kind === "percent")
    return (
      <NumberInput
        name="value"
        label={t("concessions.percent")}
        description={input.description}
        error={input.error}
        withAsterisk
        dir="ltr"
        min={0}
        max={100}
        decimalScale={2}
        suffix="%"
        value={stored ? stored / 100 : ""}
        onChange={(v) => input.onChange(v === "" ? 0 : Math.round(Number(v) * 100))}
      />
    );
  return (
    <MoneyInput
      name="value"
      label={t("concessions.amount")}
      description={input.description}
      error={input.error}
      withAsterisk
      value={text}
      onChange={(v) => {
        setText(v);
        input.onChange(majorToMinor(v) ?? 0);
      }}
    />
  );
}

/**
 * Concessions for an academic year, a group of students or one student: a percent, an amount or
 * a full waiver, with its reason, validity and who funds it (zakat, a sponsor, the school).
 */
export function ConcessionsPage() {
  const { t } = useTranslation("fees");
  const texts = useResourceTexts(concessionResource);
  const batches = useResourceOptions("batch", "name");
  const groups = useResourceOptions("student-group", "name");
  const choices = { batchId: batches.options, groupId: groups.options };
  const definition = useChoiceFilters(withoutFilters(concessionResource, ["studentId"]), choices);
  // The form draws its fields in order: the level and the kind, read as they are drawn, decide
  // which target field and which value input come after them.
  const seen = useRef({ level: "", kind: "" });
  const fieldOptions = useMemo(() => {
    const spec = (key: string) => concessionResource.fields.find((f) => f.key === key)!;
    const target = (level: string, key: string): FieldOptions => ({
      render: (input) =>
        seen.current.level === level ? (
          <FieldInput
            field={{ ...spec(key), required: true }}
            label={input.label}
            value={input.value}
            error={input.error}
            onChange={input.onChange}
            option={(v) => v}
            description={input.description}
            module="fees"
          />
        ) : null,
    });
    const choice = (key: "level" | "kind", values: readonly string[]): FieldOptions => ({
      render: (input) => {
        seen.current[key] = String(input.value ?? "");
        return (
          <Select
            name={key}
            label={input.label}
            description={input.description}
            error={input.error}
            withAsterisk
            data={values.map((v) => ({ value: v, label: texts.option(key, v) }))}
            value={input.value ? String(input.value) : null}
            onChange={(v) => input.onChange(v ?? "")}
            allowDeselect={false}
          />
        );
      },
    });
    const options: Partial<Record<string, FieldOptions>> = {
      level: choice("level", ["batch", "group", "student"]),
      batchId: target("batch", "batchId"),
      groupId: target("group", "groupId"),
      studentId: target("student", "studentId"),
      kind: choice("kind", CONCESSION_KINDS),
      value: { render: (input) => <ValueInput input={input} kind={seen.current.kind} /> },
      heads: {
        render: (input) => (
          <MultiSelect
            name="heads"
            label={input.label}
            description={input.description ?? t("concessions.headsHint")}
            error={input.error}
            data={FEE_HEADS.map((h) => ({ value: h, label: t(`heads.${h}`) }))}
            value={(input.value as string[]) ?? []}
            onChange={input.onChange}
            clearable
            placeholder={t("concessions.everyHead")}
          />
        ),
      },
    };
    return options;
  }, [t, texts]);
  return (
    <ResourceList<ConcessionRow>
      definition={definition}
      filterOptions={choices}
      form={{ fieldOptions }}
      cells={{
        targetName: (r) => <bdi>{r.targetName}</bdi>,
        value: (r) => <ConcessionValue kind={r.kind} value={r.value} />,
      }}
    />
  );
}
