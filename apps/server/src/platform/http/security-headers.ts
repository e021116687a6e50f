import type { FastifyInstance } from "fastify";

/**
 * Headers on every reply, pages and JSON alike: the app's own origin only (no inline script, no
 * framing), no type sniffing, no referrer to other sites, and HSTS in production. The Swagger UI
 * at /docs needs inline styles and its own scripts, so its policy allows those for /docs only.
 * With Razorpay as the payment provider, its checkout (a script, a frame, its calls) is allowed.
 */
export function installSecurityHeaders(app: FastifyInstance, production: boolean, razorpay = false) {
  const checkout = (origins: string) => (razorpay ? ` ${origins}` : "");
  const policy = [
    "default-src 'self'",
    `script-src 'self'${checkout("https://checkout.razorpay.com")}`,
    // Mantine writes style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${checkout("https://api.razorpay.com https://lumberjack.razorpay.com")}`,
    `frame-src 'self'${checkout("https://api.razorpay.com https://checkout.razorpay.com")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const docsPolicy = policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
  app.addHook("onSend", async (req, reply) => {
    // A route with a stricter policy of its own (an uploaded file is sandboxed) keeps it.
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", req.url.startsWith("/docs") ? docsPolicy : policy);
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("cross-origin-opener-policy", "same-origin");
    if (production) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}
