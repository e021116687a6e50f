import { useMediaQuery } from "@mantine/hooks";
import { createContext, useContext } from "react";

/**
 * Whether the page is drawn for a phone, set only where the server draws a page (src/ssr): there is
 * no screen to measure, so the server decides from the request (a phone's browser says it is one).
 */
export const ServerPhone = createContext<boolean | null>(null);

/** A phone's width (48em and less): the screen's own answer in the browser, the request's on the server. */
export function usePhoneWidth(): boolean {
  const drawnFor = useContext(ServerPhone);
  const phone = useMediaQuery("(max-width: 48em)", true, { getInitialValueInEffect: false });
  return drawnFor ?? phone;
}

/** Whether the page is being drawn on the server (src/ssr), not by the app in the browser. */
export const useDrawnOnServer = (): boolean => useContext(ServerPhone) !== null;
