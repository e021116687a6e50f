import { type LoaderFunction, Navigate, type RouteObject, redirect } from "react-router";
import { homeOf, useAuth } from "../../lib/auth-store";
import { AuthLayout } from "../auth/auth-layout";
import { PlatformHomePage } from "./platform-home.page";
import { PlatformSignInPage } from "./platform-sign-in.page";

/** platform/* is for platform admins only; a school role goes back to its own area. */
const platformOnly: LoaderFunction = async () => {
  const s = await useAuth.getState().ensure();
  if (s.platformAdmin) return null;
  throw redirect(s.user ? homeOf(s) : "/platform/sign-in");
};

const signedInAlready: LoaderFunction = async () => {
  const s = await useAuth.getState().ensure();
  if (s.status === "signed-in") throw redirect(homeOf(s));
  return null;
};

/** Children of /platform. */
export const platformRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/platform/home" replace /> },
  { Component: AuthLayout, children: [{ path: "sign-in", loader: signedInAlready, Component: PlatformSignInPage }] },
  { path: "home", loader: platformOnly, Component: PlatformHomePage },
];
