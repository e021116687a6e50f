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
  const area = location.pathname.split("/")[1];
  const listed = (id) => {
    try {
      return JSON.parse(document.getElementById(id)?.textContent || "{}");
    } catch (_e) {
      return {};
    }
  };
  // A signed-in area's code and texts only for someone signed in: lib/auth-store.ts keeps the
  // session's kind on this device, and the server marks the page of a request that carries a
  // session (platform/http/web-app.ts). A visitor is sent to sign-in and must not fetch the admin area.
  let signedIn = document.documentElement.hasAttribute("data-signed-in");
  try {
    signedIn = signedIn || !!localStorage.getItem("taleem_session_kind");
  } catch (_e) {}
  const open = area === "auth" || area === "open" || area === "";
  // The texts the splash and the area's frame wait for start loading now, alongside the app's code
  // (lib/i18n.ts fetches the same addresses): this language and English (the fallback).
  const areaTexts = open || signedIn ? listed("area-texts")[area] || [] : [];
  const ns = ["common", "errors"].concat(area === "auth" || area === "platform" ? ["auth"] : area === "open" ? ["forms"] : [], areaTexts);
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
  // The code of this page's area (and of the page itself where it is the area's usual first page), listed by the build.
  const areas = listed("area-preloads");
  const path = location.pathname.replace(/^\/+/, "");
  const key = Object.keys(areas)
    .filter((k) => path === k || path.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];
  for (const href of key && (open || signedIn) ? areas[key] : []) {
    const link = document.createElement("link");
    if (href.endsWith(".css")) {
      link.rel = "preload";
      link.as = "style";
    } else {
      link.rel = "modulepreload";
      // After the splash's own files, as index.html asks for the entry (build-plugins.ts codeAfterFirstPaint).
      link.fetchPriority = "low";
    }
    // As the app's own loader asks for them (credentials mode must match, or the copy is wasted).
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  }
})();
