import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useEffect, useState } from "react";

const ToastContainer = lazy(() => import("./toast-container"));

/**
 * The global toast container, there from the start for everyone who calls notify; its code
 * (drag to dismiss, transitions) is fetched with the first toast, so pages without one stay light.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  }, [needed, notifications.length, queue.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
