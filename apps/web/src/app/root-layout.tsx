import { Suspense } from "react";
import { Outlet, useNavigation } from "react-router";
import { AreaSpinner } from "./area-spinner";

/** Every page: a thin progress bar while the next one (or its area) loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== "idle" && <div className="nav-progress" role="progressbar" aria-busy="true" aria-hidden="true" data-testid="nav-progress" />}
      <Suspense fallback={<AreaSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
