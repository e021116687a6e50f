import "./app/styles";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { installLanguageSync } from "./app/session-language";
import { holdSplash } from "./app/splash";
import { useAuth } from "./lib/auth-store";
import { i18n, i18nReady } from "./lib/i18n";
import { installDeviceTokenBridge, startPush } from "./lib/push-boot";
import { loadAllFonts } from "./lib/script-fonts";

installLanguageSync();
installDeviceTokenBridge();
const router = createAppRouter();

// A transition: React renders the first page in short slices, so the phone stays responsive
// while it starts (the splash covers the page meanwhile).
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);

void holdSplash({
  texts: i18nReady.then(() => (/^\/(auth|platform)(\/|$)/.test(window.location.pathname) ? i18n.loadNamespaces("auth") : undefined)),
  push: useAuth
    .getState()
    .ensure()
    .then(() => startPush()),
}).then(() => {
  // Other scripts' fonts, for names written in them, once the page is up and the phone is idle.
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
  idle(() => void loadAllFonts());
});
