import { saveSitting } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api";
import { notify } from "../../../lib/notify";
import { callAction, refreshAfter } from "../../../lib/use-action";
import { retryable } from "../../../lib/use-register-sync";
import { useErrorText } from "../../../ui/api-error";
import { fieldOfIssue, type Problems, problemKey, type SittingBody } from "./halqa-draft";
import { dropWaiting, keepWaiting, whoIsSignedIn } from "./sitting-outbox";

/** The server's refusals of a sitting this screen words itself (errors.json has no hifz codes yet). */
const OWN_TEXTS: Record<string, string> = {
  "hifz.mistake_outside": "hifz:halqa.problems.mistakeOutside",
  "hifz.range_order": "hifz:halqa.problems.rangeOrder",
  "hifz.unknown_metric": "hifz:halqa.problems.unknownMetric",
  "hifz.unknown_type": "hifz:halqa.problems.unknownType",
};

export interface SaveOutcome {
  /** Texts by problemKey (or `${hafizId}.attendance`) of the fields the server refused. */
  problems: Problems;
  /** A refusal of the sitting as a whole. */
  general: string | null;
}

/**
 * Save all: one PUT of the whole sitting. With no connection (or a server that cannot take it
 * yet) the body waits on the phone and goes later; the server's refusal is put on the fields it
 * names.
 */
export function useSittingSave() {
  const { t, i18n } = useTranslation(["hifz", "admin"]);
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>({ problems: {}, general: null });

  const textOf = (e: unknown, message?: string) => {
    const own = isApiError(e) ? OWN_TEXTS[e.code] : undefined;
    if (own) return t(own);
    if (isApiError(e) && e.code === "validation") return i18n.language === "en" && message ? message : t("admin:validation.invalid");
    return errorText(e);
  };

  const refused = (body: SittingBody, e: unknown): SaveOutcome => {
    const problems: Problems = {};
    const fields: { field: string; message?: string }[] = [];
    if (isApiError(e)) {
      const issues = Array.isArray(e.params.issues) ? (e.params.issues as { field?: string; message?: string }[]) : [];
      for (const i of issues) if (i.field) fields.push({ field: i.field, message: i.message });
      if (typeof e.params.field === "string") fields.push({ field: e.params.field });
    }
    for (const f of fields) {
      const at = fieldOfIssue(body, f.field);
      if (!at) continue;
      const key = at.typeId === undefined ? `${at.hafizId}.attendance` : problemKey(at.hafizId, at.typeId, at.field);
      problems[key] ??= textOf(e, f.message);
    }
    return { problems, general: Object.keys(problems).length ? null : textOf(e) };
  };

  /** null when saved or kept to send later; else what the server refused. */
  const save = async (body: SittingBody, label: string): Promise<SaveOutcome | null> => {
    setSaving(true);
    setOutcome({ problems: {}, general: null });
    try {
      const reply = await callAction(saveSitting, { body });
      dropWaiting(body.sessionId);
      notify.success(t("halqa.saved", { logs: reply.logs, mistakes: reply.mistakes }));
      void refreshAfter(qc, saveSitting);
      return null;
    } catch (e) {
      if (retryable(e)) {
        keepWaiting({ body, label, who: whoIsSignedIn(), queuedAt: Date.now() });
        notify.info(t("halqa.keptOffline"));
        return null;
      }
      const out = refused(body, e);
      setOutcome(out);
      notify.error(out.general ?? t("halqa.fixFirst"));
      return out;
    } finally {
      setSaving(false);
    }
  };

  const clear = useCallback(() => setOutcome({ problems: {}, general: null }), []);
  return { save, saving, outcome, clear };
}
