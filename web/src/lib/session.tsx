// The signed-in user's token (localStorage) and the typed client that sends it.
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { createApi, type Api } from "../api/client.ts";
import { useI18n, type Lang } from "../i18n.tsx";

interface Session {
  token: string | null;
  api: Api;
  signIn: (token: string) => void;
  signOut: () => void;
}

const Context = createContext<Session | null>(null);
const KEY = "marchlords.token";

/** `onSignOut` is told the token going away and the UI's language, before it goes (the app
 * passes the push feature's "forget this device": shared code imports no feature). */
export function SessionProvider({
  children,
  onSignOut,
}: {
  children: ReactNode;
  onSignOut?: (previous: string | null, language: Lang) => void;
}) {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(KEY));
  // Every request says the UI's language: a switch makes a new client (and session value).
  const { lang } = useI18n();
  const value = useMemo<Session>(() => {
    const api = createApi(
      window.location.origin,
      () => localStorage.getItem(KEY),
      () => lang,
    );
    return {
      token,
      api,
      signIn: (next) => {
        localStorage.setItem(KEY, next);
        setToken(next);
      },
      signOut: () => {
        // This device stops getting the user's notifications (the next user of a shared
        // device must not see them); asked with the token that is going away.
        onSignOut?.(localStorage.getItem(KEY), lang);
        localStorage.removeItem(KEY);
        setToken(null);
      },
    };
  }, [token, lang, onSignOut]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSession(): Session {
  const value = useContext(Context);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
