import "./app/styles";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { installLanguageSync } from "./app/session-language";
import { holdSplash } from "./app/splash";
import { useAuth } from "./lib/auth-store";
import { i18n, i18nReady } from "./lib/i18n";
import { whenIdle } from "./lib/idle";
import { keepTextsOffline } from "./lib/offline-texts";
import { installDeviceTokenBridge, startPush } from "./lib/push-boot";
import { loadAllFonts } from "./lib/script-fonts";

installLanguageSync();
installDeviceTokenBridge();
// Registers and hifz sittings saved with no signal go as soon as it returns, on whatever screen the
// teacher is. Each outbox is looked at first (a small module): a sender's code loads only when it holds some.
const sendWaitingWork = () => {
  if (useAuth.getState().status !== "signed-in") return;
  void import("./lib/register-store")
    .then((store) => store.pendingSaves())
    .then(async (waiting) => {
      if (waiting.length) await (await import("./lib/use-register-sync")).sendWaitingRegisters();
    })
    .catch(() => undefined);
  void import("./features/hifz/halqa/sitting-keys")
    .then(async (keys) => {
      if (keys.anyWaitingSitting()) await (await import("./features/hifz/halqa/sitting-outbox")).sendWaitingSittings();
    })
    .catch(() => undefined);
};
window.addEventListener("online", sendWaitingWork);

// A transition: React renders the first page in short slices, so the phone stays responsive
// while it starts (the splash covers the page meanwhile).
function start(container: HTMLElement) {
  const router = createAppRouter();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

// A page the server drew (the parent home): the app takes over from it, knowing what it was drawn from.
const root = document.getElementById("root")!;
if (document.getElementById("server-home"))
  void import("./app/server-home")
    .then((m) => m.adoptServerHome())
    .catch(() => root)
    .then(start);
else start(root);

void holdSplash({
  texts: i18nReady.then(() => (/^\/(auth|platform)(\/|$)/.test(window.location.pathname) ? i18n.loadNamespaces("auth") : undefined)),
  push: useAuth
    .getState()
    .ensure()
    .then(() => startPush()),
}).then(() => {
  // Other scripts' fonts, for names written in them, once the page is up and the phone is idle.
  whenIdle(() => {
    void loadAllFonts();
    void keepTextsOffline();
    sendWaitingWork();
  });
});
