import { myNotificationChannels, schoolNotificationChannels, setMyNotificationChannels, setSchoolNotificationChannels, unregisterPush } from "@taleem/contract";
import { useCallback, useEffect, useState } from "react";
import { enablePush, pushPermission } from "../../lib/push-boot";
import { KEYS, storage } from "../../lib/storage";
import { useAction, useActionQuery } from "../../lib/use-action";

export const useMyChannels = () => useActionQuery(myNotificationChannels);
export const useSetMyChannels = () => useAction(setMyNotificationChannels);
export const useSchoolChannels = () => useActionQuery(schoolNotificationChannels);
export const useSetSchoolChannels = () => useAction(setSchoolNotificationChannels);

type DevicePush = "unsupported" | "denied" | "on" | "off";

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === "unsupported") return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Push on this browser: whether it is on, and turning it on (asking the browser) or off (telling the server). */
export function useDevicePush() {
  const [state, setState] = useState<DevicePush>("off");
  const [busy, setBusy] = useState(false);
  const forget = useAction(unregisterPush);
  const check = useCallback(async () => {
    const permission = pushPermission();
    if (permission === "unsupported" || permission === "denied") return setState(permission);
    setState(permission === "granted" && (await currentSubscription()) ? "on" : "off");
  }, []);
  useEffect(() => {
    void check();
  }, [check]);
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work()
      .catch((e) => console.error("Push change failed", e))
      .finally(() => {
        setBusy(false);
        void check();
      });
  };
  const turnOn = () => run(enablePush);
  const turnOff = () =>
    run(async () => {
      const sub = await currentSubscription();
      if (!sub) return;
      await forget.mutateAsync({ body: { endpoint: sub.endpoint } });
      await sub.unsubscribe();
      storage.remove(KEYS.pushToken);
      storage.remove(KEYS.pushSentAt);
    });
  return { state, busy, turnOn, turnOff };
}
