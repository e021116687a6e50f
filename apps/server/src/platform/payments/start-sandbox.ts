import { randomBytes } from "node:crypto";
import type { Config } from "../../config.js";
import { RazorpaySandbox } from "./razorpay-sandbox.js";

/** The app's webhook path for a provider (modules/fees/payment-webhooks.ts serves it). */
export const webhookPath = (provider: string) => `/admin/open/payments/webhook/${provider}`;

/** Keys made up for one sandbox: nothing real, different on every start. */
export function sandboxKeys() {
  const secret = () => randomBytes(18).toString("base64url");
  return { keyId: `rzp_test_${randomBytes(7).toString("hex")}`, keySecret: secret(), webhookSecret: secret() };
}

/** The configuration that points the app at a running sandbox. */
export function sandboxConfig(sandbox: RazorpaySandbox) {
  return {
    PAYMENT_PROVIDER: "sandbox" as const,
    RAZORPAY_KEY_ID: sandbox.opts.keyId,
    RAZORPAY_KEY_SECRET: sandbox.opts.keySecret,
    RAZORPAY_WEBHOOK_SECRET: sandbox.opts.webhookSecret,
    RAZORPAY_API_URL: sandbox.apiUrl,
  };
}

/**
 * Outside production, with no payment provider configured (no PAYMENT_PROVIDER, no Razorpay
 * keys), `npm start` takes online payments through a local sandbox that speaks Razorpay's
 * protocol and posts its webhooks back to this server, so a parent can pay on a fresh install.
 * PAYMENT_PROVIDER=offline turns it off; Razorpay's keys replace it. Takes and extends what
 * `withMessagingFakes` answers (the configuration and the lines printed at start).
 */
export async function withPaymentSandbox({ config, lines }: { config: Config; lines: string[] }): Promise<{ config: Config; lines: string[] }> {
  if (config.production || config.PAYMENT_PROVIDER || config.RAZORPAY_KEY_ID) return { config, lines };
  const sandbox = await new RazorpaySandbox({
    ...sandboxKeys(),
    webhookUrl: `http://127.0.0.1:${config.PORT}${webhookPath("sandbox")}`,
    delayMs: 300,
  }).start();
  return {
    config: { ...config, ...sandboxConfig(sandbox) },
    lines: [...lines, `Online payments go to a local Razorpay sandbox (no provider configured): ${sandbox.url}.`],
  };
}
