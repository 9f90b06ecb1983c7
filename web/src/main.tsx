import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { I18nProvider } from "./i18n.tsx";
import { ForgetPreviousUser, startPwa } from "./features/pwa/index.ts";
import { forgetDeviceOnSignOut } from "./features/push/index.ts";
import { isNetworkError, reportRequest } from "./lib/network.ts";
import { SessionProvider } from "./lib/session.tsx";
import "./styles.css";

// Every request that got no answer at all (no network) shows the offline banner; any answer
// hides it (src/pwa/Banners.tsx).
const network = {
  onError: (error: unknown) => reportRequest(!isNetworkError(error)),
  onSuccess: () => reportRequest(true),
};
const queryClient = new QueryClient({
  queryCache: new QueryCache(network),
  mutationCache: new MutationCache(network),
  defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } },
});

startPwa();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider>
      <SessionProvider onSignOut={forgetDeviceOnSignOut}>
        <QueryClientProvider client={queryClient}>
          <ForgetPreviousUser />
          <App />
        </QueryClientProvider>
      </SessionProvider>
    </I18nProvider>
  </StrictMode>,
);
