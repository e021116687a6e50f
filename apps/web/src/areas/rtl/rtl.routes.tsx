import type { RouteObject } from "react-router";
import { adminScreens } from "../admin/admin.routes";
import { AdminLayout } from "../admin/admin-layout";
import { RtlFrame } from "./rtl-frame";

/** /rtl: the administration screens right to left; its links stay under /rtl. */
export const rtlRoutes: RouteObject[] = [
  {
    element: (
      <RtlFrame>
        <AdminLayout base="/rtl" />
      </RtlFrame>
    ),
    children: adminScreens,
  },
];
