import { notifications } from "@mantine/notifications";
import { errorText } from "./error-text";
import { i18n } from "./i18n";

export type NotifyKind = "success" | "error" | "info" | "warning";

/** How long each kind stays; errors longest, since they need reading. */
export const NOTIFY_DURATION: Record<NotifyKind, number> = { success: 4000, error: 5000, info: 3000, warning: 4000 };
/** The most toasts kept on screen; more wait in the queue. */
export const NOTIFY_LIMIT = 20;

const COLORS: Record<NotifyKind, string> = { success: "teal", error: "red", info: "blue", warning: "yellow" };

/** A toast's close button, named in the reader's language (an unnamed button fails screen readers). */
export const closeButtonProps = () => ({ "aria-label": i18n.t("common:close") });

function show(kind: NotifyKind, message: string, title?: string): string {
  return notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose: NOTIFY_DURATION[kind],
    role: kind === "error" ? "alert" : "status",
    closeButtonProps: closeButtonProps(),
  } as Parameters<typeof notifications.show>[0]);
}

/** Toasts anywhere in the app (the container lives in the shell's providers). */
export const notify = {
  success: (message: string, title?: string) => show("success", message, title),
  error: (message: string, title?: string) => show("error", message, title),
  info: (message: string, title?: string) => show("info", message, title),
  warning: (message: string, title?: string) => show("warning", message, title),
  /** A failed call, in the reader's language (the server's code translated). */
  fromError: (err: unknown, title?: string) => show("error", errorText(err), title),
};
