/**
 * Which API a page talks to, chosen by the page's origin. Locally the server serves the built app
 * from its own origin (port 3001) and, in development, Vite proxies the API paths to port 3001,
 * so same origin ("") is the default. Hosted front ends on another origin than their API are
 * listed here (the API must then allow that origin); VITE_API_ORIGIN overrides it for one build.
 */
const BACKENDS: Record<string, string> = {
  "https://app.taleem.org": "https://api.taleem.org",
  "https://stage.taleem.org": "https://api.stage.taleem.org",
};

export function backendFor(origin: string): string {
  const override = import.meta.env.VITE_API_ORIGIN as string | undefined;
  if (override) return override.replace(/\/$/, "");
  return BACKENDS[origin] ?? "";
}
