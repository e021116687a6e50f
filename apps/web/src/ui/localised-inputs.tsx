import { SimpleGrid, Tabs, Textarea, TextInput } from "@mantine/core";
import { LANGUAGES, type Language, type Localised, languageOr } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { directionOf, LANGUAGE_NAMES } from "../lib/i18n";

/** A text per language without the empty ones (the server takes no empty strings). */
export function cleanLocalised(v: Localised): Localised {
  const out: Localised = {};
  for (const l of LANGUAGES) {
    const text = v[l]?.trim();
    if (text) out[l] = text;
  }
  return out;
}

const dir = (l: Language) => directionOf(l);

/** One short text per language, each written in its own direction: a label's translations. */
export function LocalisedInputs({
  value,
  onChange,
  maxLength = 200,
  name,
  disabled,
}: {
  value: Localised;
  onChange: (v: Localised) => void;
  maxLength?: number;
  name: string;
  disabled?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
      {LANGUAGES.map((l) => (
        <TextInput
          key={l}
          size="xs"
          label={LANGUAGE_NAMES[l]}
          lang={l}
          dir={dir(l)}
          wrapperProps={{ dir: dir(l) }}
          name={`${name}.${l}`}
          value={value[l] ?? ""}
          maxLength={maxLength}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, [l]: e.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}

/** A long text per language (instructions, a consent), one tab per language. */
export function LocalisedTextareas({
  value,
  onChange,
  maxLength = 4000,
  name,
  label,
  description,
}: {
  value: Localised;
  onChange: (v: Localised) => void;
  maxLength?: number;
  name: string;
  label: string;
  description?: string;
}) {
  const { i18n } = useTranslation();
  const first = languageOr(i18n.resolvedLanguage);
  return (
    <Tabs defaultValue={first} variant="outline" keepMounted={false}>
      <Tabs.List>
        {LANGUAGES.map((l) => (
          <Tabs.Tab key={l} value={l} fw={value[l]?.trim() ? 700 : 400}>
            {LANGUAGE_NAMES[l]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {LANGUAGES.map((l) => (
        <Tabs.Panel key={l} value={l} pt="sm">
          <Textarea
            label={`${label} · ${LANGUAGE_NAMES[l]}`}
            description={description}
            lang={l}
            dir={dir(l)}
            wrapperProps={{ dir: dir(l) }}
            name={`${name}.${l}`}
            value={value[l] ?? ""}
            onChange={(e) => onChange({ ...value, [l]: e.currentTarget.value })}
            maxLength={maxLength}
            autosize
            minRows={4}
            maxRows={14}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
