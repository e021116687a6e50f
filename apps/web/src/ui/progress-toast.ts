import { notifications } from "@mantine/notifications";
import { closeButtonProps, NOTIFY_DURATION, notify } from "../lib/notify";

/**
 * "Adding ... please wait" that becomes "Added" (or the failure) in the same place, instead of
 * a second toast piling on top of a first that is no longer true.
 */
export function startToast(message: string): string {
  return notifications.show({ message, loading: true, autoClose: false, withCloseButton: false, color: "blue", role: "status" } as Parameters<
    typeof notifications.show
  >[0]);
}

/** Turns a started toast into its result; without one, shows the result. */
export function settleToast(id: string | undefined, kind: "success" | "error", message: string): void {
  if (!id) {
    notify[kind](message);
    return;
  }
  notifications.update({
    id,
    message,
    loading: false,
    color: kind === "success" ? "teal" : "red",
    autoClose: NOTIFY_DURATION[kind],
    withCloseButton: true,
    closeButtonProps: closeButtonProps(),
    role: kind === "error" ? "alert" : "status",
  } as Parameters<typeof notifications.update>[0]);
}
