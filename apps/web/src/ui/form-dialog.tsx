import { Modal, type ModalProps } from "@mantine/core";
import { createContext, type SyntheticEvent, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "./confirm-dialog";
import { dropDraft } from "./form-draft";

interface FormDialogState {
  /** Something changed that no input event shows (a draft restored). */
  markDirty: () => void;
}

const FormDialogContext = createContext<FormDialogState | null>(null);

/** The dialog a form sits in, if any. */
export const useFormDialog = () => useContext(FormDialogContext);

export interface FormDialogProps extends Omit<ModalProps, "onClose"> {
  onClose: () => void;
  /** The form's draft (ui/form-draft.ts), dropped when its changes are discarded. */
  draftKey?: string;
}

/** Typing, choosing an option, ticking a box: what makes a form's dialog hold changes. */
const CHOICE = '[role="option"],[role="checkbox"],[role="radio"],[role="switch"],[role="tab"]';

/**
 * A dialog holding a form. Its content mounts afresh each time it opens (its state never
 * carries the last entry), and once something was typed or chosen, Escape, a click outside or
 * the close button ask before the changes are lost. The form's own Cancel closes at once.
 */
export function FormDialog({ opened, onClose, draftKey, children, ...modal }: FormDialogProps) {
  const { t } = useTranslation("admin");
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!opened) {
      setDirty(false);
      setAsking(false);
    }
  }, [opened]);
  const state = useMemo(() => ({ markDirty: () => setDirty(true) }), []);
  const changed = () => setDirty(true);
  // React events bubble through portals, so a select's options (rendered elsewhere) arrive here too.
  const chose = (e: SyntheticEvent) => {
    if (e.target instanceof Element && e.target.closest(CHOICE)) setDirty(true);
  };
  return (
    <>
      <Modal
        closeButtonProps={{ "aria-label": t("actions.close") }}
        {...modal}
        opened={opened}
        // While the question is open, its own Escape must not reach this dialog too.
        closeOnEscape={!asking && modal.closeOnEscape !== false}
        // The question opens once this Escape has finished travelling: opened at once, its own
        // Escape handler would receive the same key press and close it again.
        onClose={() => (dirty ? setTimeout(() => setAsking(true)) : onClose())}
      >
        <FormDialogContext.Provider value={state}>
          <div onChangeCapture={changed} onInputCapture={changed} onClickCapture={chose}>
            {opened && children}
          </div>
        </FormDialogContext.Provider>
      </Modal>
      <ConfirmDialog
        opened={asking}
        title={t("form.discardTitle")}
        confirmLabel={t("form.discard")}
        cancelLabel={t("form.keepEditing")}
        danger
        onClose={() => setAsking(false)}
        onConfirm={() => {
          dropDraft(draftKey);
          setAsking(false);
          onClose();
        }}
      >
        {t("form.discardText")}
      </ConfirmDialog>
    </>
  );
}
