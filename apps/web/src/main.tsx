import "./app/styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { installLanguageSync } from "./app/session-language";
import { hideSplash, SPLASH_HOLD_MS } from "./app/splash";
import { useAuth } from "./lib/auth-store";
import { i18n, i18nReady } from "./lib/i18n";
import { installDeviceTokenBridge, startPush } from "./lib/push-boot";

installLanguageSync();
installDeviceTokenBridge();
const router = createAppRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// The splash stays until the texts are in and push registration is done (or given up), then one
// more second. Whatever happens, it never stays longer than START_LIMIT_MS.
const START_LIMIT_MS = 15_000;
const texts = i18nReady.then(() => (/^\/(auth|platform)(\/|$)/.test(window.location.pathname) ? i18n.loadNamespaces("auth") : undefined));
const push = useAuth
  .getState()
  .ensure()
  .then(() => startPush());
Promise.race([Promise.allSettled([texts, push]), new Promise((r) => setTimeout(r, START_LIMIT_MS))]).then(() => setTimeout(hideSplash, SPLASH_HOLD_MS));
