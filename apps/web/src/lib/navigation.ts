/**
 * Lets code outside React (the API client, the auth store) move the router. The app registers
 * the data router's navigate at start; before that a full page load does the job.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

/** Sign-in and the other pages reachable without a session: a 401 there must not loop. */
export function onPublicPage(pathname = window.location.pathname): boolean {
  return /^\/(auth|open|platform\/sign-in|app|download)(\/|$)/.test(pathname) || pathname === "/";
}
