// Runs before the first paint (index.html loads it synchronously; the server's content policy
// allows no inline script): the splash speaks the remembered language and faces its way.
(() => {
  const words = { en: "Loading...", ta: "ஏற்றுகிறது...", ur: "لوڈ ہو رہا ہے...", ar: "جارٍ التحميل...", ml: "ലോഡ് ചെയ്യുന്നു..." };
  // A page the server drew (the parent home, apps/server/src/platform/http/server-home.ts) names
  // the app's entry here and speaks the person's language already: the app starts only when needed.
  const serverEntry = document.documentElement.getAttribute("data-server-home");
  if (serverEntry) {
    try {
      // The app then starts in the language the page was drawn in (the profile's).
      localStorage.setItem("taleem_language", document.documentElement.lang);
    } catch (_e) {}
  }
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
  if (!serverEntry) {
    document.documentElement.lang = lng;
    document.documentElement.dir = lng === "ar" || lng === "ur" ? "rtl" : "ltr";
    document.documentElement.classList.add(`lang-${lng}`);
    document.getElementById("splash-text").textContent = words[lng];
  }
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
  const preload = () => {
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
  };
  if (!serverEntry) return preload();
  // On a drawn page a link is a link (the next page starts the app). Anything else a person does
  // (a button, the child chooser, the language list, a key) starts the app, which then draws the
  // same page and takes over from it (src/app/server-home.ts), with that first touch replayed.
  const ACTIVE =
    "button, select, input, textarea, summary, label, [tabindex], [role=button], [role=radio], [role=tab], [role=checkbox], [role=switch], [role=menuitem], [role=combobox]";
  const LINK = "a[href]";
  const events = ["pointerdown", "keydown", "focusin"];
  let started = false;
  // Starts the app; `t` is the element the person touched (null when the page itself asks).
  const startApp = (t) => {
    if (started) return;
    started = true;
    for (const name of events) document.removeEventListener(name, start, true);
    window.taleemServerInput = { el: t, kind: "focus" };
    // The app's thin bar at the top (app.css) while it starts: the tap was heard.
    const bar = document.createElement("div");
    bar.className = "nav-progress";
    bar.id = "server-home-progress";
    bar.setAttribute("aria-hidden", "true");
    document.body.appendChild(bar);
    preload();
    const load = (src) => {
      const script = document.createElement("script");
      script.type = "module";
      script.crossOrigin = "";
      script.src = src;
      // A page the service worker kept from an older release names an entry gone with it: the
      // app's page it keeps now (precached, or the server's) names the current one.
      if (src === serverEntry)
        script.onerror = () =>
          fetch("/index.html")
            .then((r) => r.text())
            .then((page) => {
              const current = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(page)?.[1];
              if (current && current !== serverEntry) load(current);
            })
            .catch(() => {});
      document.head.appendChild(script);
    };
    load(serverEntry);
  };
  const start = (e) => {
    const t = e.target instanceof Element ? e.target : null;
    // Tab only moves on (where it lands decides); scrolling and a link's own keys are the page's.
    if (!t || t.closest(LINK) || !t.closest(ACTIVE) || (e.type === "keydown" && (e.key === "Tab" || e.key === "Shift"))) return;
    startApp(t);
  };
  for (const name of events) document.addEventListener(name, start, true);
  // The server guessed the screen from the request (a phone's browser says it is one): a screen
  // that is not what the page was drawn for (a tablet, a narrowed desktop window), now or after a
  // resize, gets the app at once, which draws the frame for the screen it has (app/server-phone.ts).
  const phoneScreen = matchMedia("(max-width: 48em)");
  const drawnForPhone = document.documentElement.getAttribute("data-server-phone") === "true";
  if (phoneScreen.matches !== drawnForPhone) startApp(null);
  else phoneScreen.addEventListener("change", () => startApp(null), { once: true });
  // The page's own script is declared in its head; names in the other scripts (a Malayalam name on
  // an Urdu page) get theirs once the page has loaded, one stylesheet per idle moment as the app
  // does (lib/script-fonts.ts). Each declares @font-face with a unicode-range: a font file comes
  // only for letters the page draws.
  const idle = (f) => (window.requestIdleCallback ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));
  addEventListener("load", () => {
    const have = new Set([...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href")));
    const sheets = [...new Set(Object.values(listed("language-fonts")).flat())].filter((href) => !have.has(href));
    const next = () => {
      const href = sheets.shift();
      if (!href) return;
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
      idle(next);
    };
    idle(next);
  });
  // What the person did before the app took over, for it to do again.
  const remember = (kind) => (e) => {
    if (!started || !(e.target instanceof Element) || e.target.closest(LINK)) return;
    window.taleemServerInput = { el: e.target, kind, value: "value" in e.target ? e.target.value : undefined };
  };
  document.addEventListener("click", remember("click"), true);
  document.addEventListener("change", remember("change"), true);
})();
