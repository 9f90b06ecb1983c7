// The signed-in user's token (localStorage) and the typed client that sends it.
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { createApi, type Api } from "../api/client.ts";
import { useI18n } from "../i18n.tsx";
import { pushApi } from "../features/push/api.ts";
import { forgetThisDevice } from "../features/push/device.ts";

interface Session {
  token: string | null;
  api: Api;
  signIn: (token: string) => void;
  signOut: () => void;
}

const Context = createContext<Session | null>(null);
const KEY = "marchlords.token";

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(KEY));
  // Read at each request, so a language switch needs no new client.
  const { lang } = useI18n();
  const language = useRef(lang);
  language.current = lang;
  const value = useMemo<Session>(() => {
    const api = createApi(
      window.location.origin,
      () => localStorage.getItem(KEY),
      () => language.current,
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
        const previous = localStorage.getItem(KEY);
        void forgetThisDevice(previous ? pushApi(window.location.origin, previous, language.current) : null);
        localStorage.removeItem(KEY);
        setToken(null);
      },
    };
  }, [token]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSession(): Session {
  const value = useContext(Context);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
