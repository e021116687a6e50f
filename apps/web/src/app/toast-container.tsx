import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { NOTIFY_LIMIT } from "../lib/notify";

/** The toast container itself: loaded with the first toast (see toasts.tsx). */
export default function ToastContainer() {
  return <Notifications limit={NOTIFY_LIMIT} position="top-center" zIndex={2000} />;
}
