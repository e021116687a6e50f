import { sessionCalls } from "@taleem/contract";
import { useAuth } from "../lib/auth-store";
import { callAction } from "../lib/call-action";
import { currentLanguage, type Language, setLanguage, setLanguageSaver } from "../lib/i18n";

let pickedWhileSignedOut = false;

/**
 * The language follows the person: a choice made while signed in is saved to the profile; at
 * sign-in, a choice just made on the sign-in page is saved, else the profile's language is used.
 */
export function installLanguageSync(): void {
  setLanguageSaver((lng: Language) => {
    const { user } = useAuth.getState();
    if (!user) {
      pickedWhileSignedOut = true;
      return;
    }
    useAuth.setState({ user: { ...user, language: lng } });
    callAction(sessionCalls.updateMe, { body: { language: lng } }).catch((e) => console.warn("Could not save the language to the profile", e));
  });

  let previous = useAuth.getState().user;
  useAuth.subscribe((s) => {
    const user = s.user;
    const signedIn = user && (!previous || previous.id !== user.id || previous.profile.id !== user.profile.id);
    previous = user;
    if (!user || !signedIn) return;
    const here = currentLanguage();
    if (pickedWhileSignedOut) {
      pickedWhileSignedOut = false;
      if (user.language !== here)
        callAction(sessionCalls.updateMe, { body: { language: here } }).catch((e) => console.warn("Could not save the language to the profile", e));
    } else if (user.language !== here) {
      void setLanguage(user.language, { save: false });
    }
  });
}
