import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { setNavigator } from "../lib/navigation";
import { AreaGate, gateLoader } from "./area-gate";
import { type AreaKey, discover } from "./area-registry";
import { AreaSpinner } from "./area-spinner";
import { loadChunk } from "./chunks";
import { NotFoundPage } from "./not-found";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { router as routerRef } from "./router-instance";

/** An area's slot: its routes are patched in on first visit (see area-registry). */
function area(key: AreaKey): RouteObject {
  return {
    id: key,
    path: key,
    loader: gateLoader(key),
    element: <AreaGate area={key} />,
    ErrorBoundary: RouteError,
    HydrateFallback: AreaSpinner,
    // Unknown paths inside an area (and everything before the area is loaded) land here.
    children: [{ path: "*", Component: NotFoundPage }],
  };
}

const storeRedirect = () => loadChunk(() => import("./store-redirect")).then((m) => ({ Component: m.StoreRedirectPage }));

export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AreaSpinner,
    children: [
      { index: true, element: <Navigate to="/auth" replace /> },
      area("auth"),
      area("admin"),
      area("parent"),
      area("rtl"),
      area("open"),
      area("platform"),
      { path: "app", lazy: storeRedirect },
      { path: "download", lazy: storeRedirect },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, {
    patchRoutesOnNavigation: ({ path, patch }) => discover(path, patch),
  });
  routerRef.current = router;
  setNavigator((to, opts) => void router.navigate(to, { replace: opts?.replace }));
  return router;
}
