// On sign-out, nothing the previous user was shown stays in memory for the next one: the query
// cache (campaigns, messages, settings: most keys do not name the user) is emptied. The
// service worker keeps no answer of the API at all (src/sw/sw.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSession } from "../../lib/session.tsx";

export function ForgetPreviousUser() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== null && previous.current !== token) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
  return null;
}
