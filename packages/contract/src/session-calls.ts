// The calls made outside the signed-in areas (the sign-in pages, the app shell, the public
// admission form's parent check), without their schemas: those pages must not load zod (the
// sign-in page's JavaScript budget), so this module imports nothing at run time. Each
// declaration (auth.ts, account.ts, admin/settings.ts, admin/users.ts) takes its method and path
// from SESSION_ROUTES; `sessionCalls` gives the web each call typed by its declaration.

import type * as account from "./account.js";
import type { AnyAction, Method } from "./action.js";
import type * as settings from "./admin/settings.js";
import type * as users from "./admin/users.js";
import type * as auth from "./auth.js";

const route = <M extends Method, P extends string>(method: M, path: P) => ({ method, path });

export const SESSION_ROUTES = {
  loginMobile: route("POST", "/admin/open/auth/login-mobile"),
  loginUsername: route("POST", "/user/open/auth/login"),
  verifyTwoFactor: route("POST", "/admin/open/auth/verify-2fa"),
  requestCode: route("POST", "/user/open/auth/loginotp"),
  signInWithCode: route("POST", "/admin/open/auth/validate-otp"),
  resetPasswordWithCode: route("POST", "/admin/open/auth/reset-password-mobile"),
  sendResetLink: route("POST", "/admin/open/auth/sendresetpasswordlink"),
  checkResetLink: route("POST", "/admin/open/auth/verifyresetpasswordtoken"),
  resetPasswordWithLink: route("POST", "/admin/open/auth/resetpassword/:token"),
  verifyEmail: route("POST", "/admin/open/auth/verifyuserverificationtoken"),
  checkSchool: route("POST", "/user/open/auth/checkentity"),
  authMedia: route("GET", "/user/open/auth/auth-media"),
  superSettings: route("GET", "/user/open/auth/super-settings"),
  validateSession: route("GET", "/user/open/auth/validatetoken"),
  signOut: route("POST", "/user/api/user/logout"),
  platformSignIn: route("POST", "/api/open/auth/login"),
  platformMe: route("GET", "/api/auth/me"),
  platformSignOut: route("POST", "/api/auth/logout"),
  publicSettings: route("GET", "/admin/open/setting/:code"),
  updateMe: route("PUT", "/user/api/user"),
  changeOwnPassword: route("PUT", "/user/api/user/reset-password"),
  registerPush: route("POST", "/user/api/user/updatefcmtoken"),
  checkParent: route("POST", "/admin/open/admission/checkparent/:code/:mobile"),
} as const;

/**
 * A declared call by its method and path alone, typed as its declaration: what `callAction`
 * reads (the schemas stay on the server's side of the declaration).
 */
const call = <A extends AnyAction>(r: { method: Method; path: string }) => ({ method: r.method, path: r.path, refreshes: [] }) as unknown as A;

export const sessionCalls = {
  loginMobile: call<typeof auth.loginMobile>(SESSION_ROUTES.loginMobile),
  loginUsername: call<typeof auth.loginUsername>(SESSION_ROUTES.loginUsername),
  verifyTwoFactor: call<typeof auth.verifyTwoFactor>(SESSION_ROUTES.verifyTwoFactor),
  requestCode: call<typeof auth.requestCode>(SESSION_ROUTES.requestCode),
  signInWithCode: call<typeof auth.signInWithCode>(SESSION_ROUTES.signInWithCode),
  resetPasswordWithCode: call<typeof auth.resetPasswordWithCode>(SESSION_ROUTES.resetPasswordWithCode),
  sendResetLink: call<typeof auth.sendResetLink>(SESSION_ROUTES.sendResetLink),
  checkResetLink: call<typeof auth.checkResetLink>(SESSION_ROUTES.checkResetLink),
  resetPasswordWithLink: call<typeof auth.resetPasswordWithLink>(SESSION_ROUTES.resetPasswordWithLink),
  verifyEmail: call<typeof auth.verifyEmail>(SESSION_ROUTES.verifyEmail),
  checkSchool: call<typeof auth.checkSchool>(SESSION_ROUTES.checkSchool),
  authMedia: call<typeof auth.authMedia>(SESSION_ROUTES.authMedia),
  superSettings: call<typeof auth.superSettings>(SESSION_ROUTES.superSettings),
  validateSession: call<typeof auth.validateSession>(SESSION_ROUTES.validateSession),
  signOut: call<typeof auth.signOut>(SESSION_ROUTES.signOut),
  platformSignIn: call<typeof auth.platformSignIn>(SESSION_ROUTES.platformSignIn),
  platformMe: call<typeof auth.platformMe>(SESSION_ROUTES.platformMe),
  platformSignOut: call<typeof auth.platformSignOut>(SESSION_ROUTES.platformSignOut),
  publicSettings: call<typeof settings.publicSettings>(SESSION_ROUTES.publicSettings),
  updateMe: call<typeof account.updateMe>(SESSION_ROUTES.updateMe),
  changeOwnPassword: call<typeof account.changeOwnPassword>(SESSION_ROUTES.changeOwnPassword),
  registerPush: call<typeof account.registerPush>(SESSION_ROUTES.registerPush),
  checkParent: call<typeof users.checkParent>(SESSION_ROUTES.checkParent),
};
