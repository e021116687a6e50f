// Runs before the first paint (index.html loads it synchronously; the server's content policy
// allows no inline script): the splash speaks the remembered language and faces its way.
(() => {
  const words = { en: "Loading...", ta: "ஏற்றுகிறது...", ur: "لوڈ ہو رہا ہے...", ar: "جارٍ التحميل...", ml: "ലോഡ് ചെയ്യുന്നു..." };
  let lng = null;
  try {
    lng = localStorage.getItem("taleem_language");
  } catch (_e) {}
  const prefs = navigator.languages || [navigator.language];
  for (let i = 0; i < prefs.length && !words[lng]; i++)
    lng = String(prefs[i] || "")
      .split("-")[0]
      .toLowerCase();
  if (!words[lng]) lng = "en";
  document.documentElement.lang = lng;
  document.documentElement.dir = lng === "ar" || lng === "ur" ? "rtl" : "ltr";
  document.documentElement.classList.add(`lang-${lng}`);
  document.getElementById("splash-text").textContent = words[lng];
  // The texts the splash waits for start loading now, alongside the app's code (lib/i18n.ts
  // fetches the same addresses): this language and English (the fallback), and the page's own.
  const area = location.pathname.split("/")[1];
  const ns = ["common", "errors"].concat(area === "auth" || area === "platform" ? ["auth"] : area === "open" ? ["forms"] : []);
  for (const l of lng === "en" ? ["en"] : [lng, "en"]) {
    for (const n of ns) {
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = `/locales/${l}/${n}.json`;
      document.head.appendChild(link);
    }
  }
  // The code of this page's area (and of the page itself, for a public form), listed by the build.
  // A signed-in area's code only for someone who signed in on this device (lib/auth-store.ts
  // keeps the session's kind): a visitor is sent to sign-in and must not fetch the admin area.
  let signedIn = false;
  try {
    signedIn = !!localStorage.getItem("taleem_session_kind");
  } catch (_e) {}
  const open = area === "auth" || area === "open" || area === "";
  let areas = {};
  try {
    areas = JSON.parse(document.getElementById("area-preloads")?.textContent || "{}");
  } catch (_e) {}
  const path = location.pathname.replace(/^\/+/, "");
  const key = Object.keys(areas)
    .filter((k) => path === k || path.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];
  for (const href of key && (open || signedIn) ? areas[key] : []) {
    const link = document.createElement("link");
    if (href.endsWith(".css")) {
      link.rel = "preload";
      link.as = "style";
    } else link.rel = "modulepreload";
    // As the app's own loader asks for them (credentials mode must match, or the copy is wasted).
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  }
})();
