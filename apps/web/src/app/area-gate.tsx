import { Suspense, useEffect, useState } from "react";
import { type LoaderFunction, Navigate, redirect, useLocation, useNavigate, useOutlet } from "react-router";
import { useAuth } from "../lib/auth-store";
import { AREA_DEFAULT, type AreaKey, discover, GUARDED, gateRedirect, isPatched } from "./area-registry";
import { AreaSpinner } from "./area-spinner";
import { NotFoundPage } from "./not-found";
import { router } from "./router-instance";

/** Before a guarded area renders: signed out -> sign-in; the wrong role area -> its own home. */
export function gateLoader(area: AreaKey): LoaderFunction {
  return async () => {
    if (!GUARDED[area]) return null;
    const to = gateRedirect(area, await useAuth.getState().ensure());
    if (to) throw redirect(to);
    return null;
  };
}

/**
 * Wraps an area's routes. Keeps the guard live (a sign-out elsewhere leaves at once) and handles
 * the area's bare path: its routes are loaded, then their index (or the area's default) shows.
 */
export function AreaGate({ area }: { area: AreaKey }) {
  const user = useAuth((s) => s.user);
  const platformAdmin = useAuth((s) => s.platformAdmin);
  const status = useAuth((s) => s.status);
  const outlet = useOutlet();
  const location = useLocation();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState(() => isPatched(area, router.current?.routes));

  useEffect(() => {
    if (outlet || loaded) return;
    let live = true;
    // The bare area path: load the area's routes, match again (their index may take over), and
    // only then fall back to the area's default page.
    void discover(location.pathname, (id, children) => router.current?.patchRoutes(id, children))
      .then(() => navigate(`${location.pathname}${location.search}`, { replace: true }))
      .then(() => {
        if (live) setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [outlet, loaded, location.pathname, location.search, navigate]);

  if (GUARDED[area]) {
    if (status === "unknown") return <AreaSpinner />;
    const to = gateRedirect(area, { user, platformAdmin });
    if (to) return <Navigate to={to} replace />;
  }
  if (!outlet) {
    if (!loaded) return <AreaSpinner />;
    const fallback = AREA_DEFAULT[area];
    return fallback && fallback !== location.pathname ? <Navigate to={fallback} replace /> : <NotFoundPage />;
  }
  return <Suspense fallback={<AreaSpinner />}>{outlet}</Suspense>;
}
