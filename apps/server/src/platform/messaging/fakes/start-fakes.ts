import { randomBytes } from "node:crypto";
import type { Config } from "../../../config.js";
import { FcmFake } from "./fcm.fake.js";
import { SmsGatewayFake } from "./sms-gateway.fake.js";
import { SmtpFake } from "./smtp.fake.js";
import { WhatsAppCloudFake } from "./whatsapp-cloud.fake.js";

/**
 * Outside production, with no provider configured (no SMTP_URL, SMS_GATEWAY_URL, WHATSAPP_TOKEN
 * or FCM_SERVICE_ACCOUNT) and MESSAGING_FAKES not false, `npm start` sends through local fakes
 * that speak each protocol: an SMTP server, an HTTP SMS gateway, a WhatsApp Cloud API that posts
 * status webhooks back to this server, and Firebase Cloud Messaging for native apps' push. So a fresh install sends, and the message log shows statuses.
 * Setting any provider's variables turns the fakes off (platform/messaging/providers.md).
 */
export async function withMessagingFakes(config: Config): Promise<{ config: Config; lines: string[] }> {
  const configured = config.SMTP_URL || config.SMS_GATEWAY_URL || config.WHATSAPP_TOKEN || config.FCM_SERVICE_ACCOUNT;
  if (config.production || configured || config.MESSAGING_FAKES === false) return { config, lines: [] };
  const server = `http://127.0.0.1:${config.PORT}`;
  const secret = () => randomBytes(18).toString("base64url");
  const appSecret = config.WHATSAPP_APP_SECRET ?? secret();
  const gatewaySecret = config.SMS_GATEWAY_WEBHOOK_SECRET ?? secret();
  const token = secret();
  const smtp = await new SmtpFake().start();
  const sms = await new SmsGatewayFake({ token, webhookSecret: gatewaySecret, callbackUrl: `${server}/hooks/sms-gateway` }).start();
  const whatsapp = await new WhatsAppCloudFake({
    token,
    phoneNumberId: "100000000000001",
    appSecret,
    webhookUrl: `${server}/hooks/whatsapp`,
    delayMs: 500,
  }).start();
  const fcm = await new FcmFake().start();
  return {
    config: {
      ...config,
      SMTP_URL: smtp.url,
      SMS_GATEWAY_URL: sms.sendUrl,
      SMS_GATEWAY_TOKEN: token,
      SMS_GATEWAY_WEBHOOK_SECRET: gatewaySecret,
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_TOKEN: token,
      WHATSAPP_PHONE_NUMBER_ID: whatsapp.opts.phoneNumberId,
      WHATSAPP_APP_SECRET: appSecret,
      FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.serviceAccount),
      FCM_API_URL: fcm.url,
    },
    lines: [`Messages go to local fakes (no provider configured): SMTP ${smtp.url}, SMS ${sms.sendUrl}, WhatsApp ${whatsapp.apiUrl}, FCM ${fcm.url}.`],
  };
}
