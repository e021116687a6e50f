import "@mantine/core/styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { queryClient } from "../lib/query-client";

/** Around the admin, parent and rtl areas: every Mantine style and the shared data cache. */
export function AreaFrame() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
