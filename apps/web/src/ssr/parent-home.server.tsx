// The parent home drawn on the server (issue 18): the app's own frame and home, rendered to an HTML
// string for the first reply, so the page paints before (and without) the app's code. Built by
// `vite build --ssr` into WEB_DIST/ssr/parent-home.server.js and called by the server's web route
// (apps/server/src/platform/http/server-home.ts). The browser starts the app only when the person
// does something a plain link cannot (public/boot.js), and the app then draws the same page.
import { DirectionProvider, MantineProvider } from "@mantine/core";
import type { AuthUser, HomeData, LinkedChild } from "@taleem/contract";
import { homeData, linkedChildren, myNotifications } from "@taleem/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next, { type Resource } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { Route, Routes, StaticRouter } from "react-router";
import { AREA_TEXTS } from "../app/area-texts";
import { ServerPhone } from "../app/server-phone";
import { theme } from "../app/theme";
import { ParentHomePage } from "../areas/parent/parent-home-page";
import { ParentLayout } from "../areas/parent/parent-layout";
import { BELL_LATEST } from "../features/communication/notification-bell";
import { useAuth } from "../lib/auth-store";
import { ServerChosenChild } from "../lib/chosen-child";
import { figureFormatter, setSchoolDigits } from "../lib/digits";
import { setMomentTimeZone } from "../lib/format";
import { directionOf } from "../lib/i18n";
import { actionKey } from "../lib/use-action";

export interface ParentHomeInput {
  /** The signed-in person, as GET /user/open/auth/validatetoken answers. */
  user: AuthUser;
  /** GET /user/api/home/children's reply. */
  children: { message: string; rows: LinkedChild[]; count: number };
  /**
   * The chosen child's id and GET /user/api/home?student='s reply (none while no child is chosen):
   * the address's child, else the remembered one (`chosenChildCookie`), else an only child, always
   * one of `children`.
   */
  home?: { student: number; reply: { message: string; data: HomeData } };
  /** The replies of `frameCalls`, by their query keys (a call that failed is left out). */
  frame: { key: readonly unknown[]; reply: unknown }[];
  /** The page's address (path and query). */
  url: string;
  /** Drawn for a phone (the request says so): the frame's bottom bar instead of the header's links. */
  phone: boolean;
  lng: string;
  /** The texts of `lng` and English by language and namespace (WEB_DIST/locales/<lng>/<ns>.json). */
  resources: Resource;
  /** The school's digits per language (its settings' `digits`, lib/digits.ts): figures are drawn in them. */
  digits?: unknown;
}

/** The frame's own calls (the bell's latest and unread count): the server answers each `url` for `frame`. */
export const frameCalls: { key: readonly unknown[]; url: string }[] = [
  { key: actionKey(myNotifications, { query: { limit: BELL_LATEST } }), url: `${myNotifications.path}?limit=${BELL_LATEST}` },
];

/** The child this account chose last on the device, from a request's `Cookie` header (lib/chosen-child.ts). */
export { chosenChildIn } from "../lib/chosen-child";

/** The text namespaces the frame and the home draw with: the server reads these files for `resources`. */
export const textNamespaces: readonly string[] = ["common", "errors", ...AREA_TEXTS.parent];

/**
 * The app's one i18next, as in the browser: components and formatters (lib/format.ts reads the
 * page's language from it) see the render's language. lib/i18n.ts leaves it alone on a server;
 * here it holds each build's texts as they are first given, and switches synchronously.
 */
function speak(lng: string, resources: Resource) {
  if (!i18next.isInitialized)
    void i18next
      .use(initReactI18next)
      .use(figureFormatter)
      .init({
        lng: "en",
        fallbackLng: "en",
        resources: {},
        ns: [...textNamespaces],
        defaultNS: "common",
        fallbackNS: false,
        initAsync: false,
        interpolation: { escapeValue: false, alwaysFormat: true },
        returnNull: false,
        react: { useSuspense: false },
      });
  for (const [l, byNs] of Object.entries(resources))
    for (const [ns, texts] of Object.entries(byNs)) if (!i18next.hasResourceBundle(l, ns)) i18next.addResourceBundle(l, ns, texts);
  void i18next.changeLanguage(lng);
  if (i18next.language !== lng) throw new Error(`The texts of ${lng} are not in`);
}

/** Draws the parent area's frame and home for one person; synchronous, so the shared stores are theirs alone meanwhile. */
export function renderParentHome(input: ParentHomeInput): string {
  speak(input.lng, input.resources);
  // Never stale: nothing is asked for while the page is drawn.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  queryClient.setQueryData(actionKey(linkedChildren, {}), input.children);
  for (const f of input.frame) queryClient.setQueryData(f.key, f.reply);
  if (input.home) queryClient.setQueryData(actionKey(homeData, { query: { student: input.home.student } }), input.home.reply);
  const dir = directionOf(input.lng);
  // zustand answers a server render from the store's initial state (its getServerSnapshot): for
  // this render that is this person, put back once the page is drawn.
  const initial = useAuth.getInitialState();
  const before = { ...initial };
  Object.assign(initial, { user: input.user, platformAdmin: null, token: null, status: "signed-in" });
  // The server's clock is not the family's: moments (the home's "last updated") in the school's zone.
  setMomentTimeZone(input.user.tenant?.timeZone);
  setSchoolDigits(input.digits);
  try {
    return renderToString(
      <I18nextProvider i18n={i18next}>
        <DirectionProvider initialDirection={dir} detectDirection={false}>
          <MantineProvider theme={theme}>
            <QueryClientProvider client={queryClient}>
              <ServerPhone.Provider value={input.phone}>
                <ServerChosenChild.Provider value={input.home?.student ?? null}>
                  <StaticRouter location={input.url}>
                    <Routes>
                      <Route path="/parent" element={<ParentLayout />}>
                        <Route path="home" element={<ParentHomePage />} />
                      </Route>
                    </Routes>
                  </StaticRouter>
                </ServerChosenChild.Provider>
              </ServerPhone.Provider>
            </QueryClientProvider>
          </MantineProvider>
        </DirectionProvider>
      </I18nextProvider>,
    );
  } finally {
    setMomentTimeZone(null);
    setSchoolDigits(undefined);
    Object.assign(initial, before);
    queryClient.clear();
  }
}
