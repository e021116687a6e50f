import { type LoaderFunction, Navigate, type RouteObject, redirect } from "react-router";
import { homeOf, useAuth } from "../../lib/auth-store";
import { AuthLayout } from "./auth-layout";
import { SignInPage } from "./sign-in.page";

/** Someone already signed in has no business on the sign-in page: to their area. */
const signedInElsewhere: LoaderFunction = async () => {
  const s = await useAuth.getState().ensure();
  if (s.status === "signed-in") throw redirect(homeOf(s));
  return null;
};

/** Only for a signed-in school user (after a one-time-code sign-in without a password). */
const signedInUser: LoaderFunction = async () => {
  const s = await useAuth.getState().ensure();
  if (!s.user) throw redirect("/auth/sign-in");
  return null;
};

/** Children of /auth. The sign-in page comes with the area; the rarer pages load when visited. */
export const authRoutes: RouteObject[] = [
  {
    id: "auth-layout",
    Component: AuthLayout,
    children: [
      { index: true, element: <Navigate to="/auth/sign-in" replace /> },
      { path: "sign-in", loader: signedInElsewhere, Component: SignInPage },
      { path: "forgot-password", lazy: () => import("./forgot-password.page").then((m) => ({ Component: m.ForgotPasswordPage })) },
      { path: "reset-password/:token", lazy: () => import("./reset-password.page").then((m) => ({ Component: m.ResetPasswordPage })) },
      { path: "verify-email/:token", lazy: () => import("./verify-email.page").then((m) => ({ Component: m.VerifyEmailPage })) },
      { path: "set-password", loader: signedInUser, lazy: () => import("./set-password.page").then((m) => ({ Component: m.SetPasswordPage })) },
    ],
  },
];
