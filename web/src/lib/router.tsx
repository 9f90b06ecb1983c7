// A tiny history router: `/` (campaigns), `/campaigns/<id>` (its lobby or its map), `/inbox`
// (the notifications), `/watch/<id>` (a spectator's page, R-CAMP-13) and
// `/reset-password?token=…` (the page a password-reset email links to) and `/oidc#…` (where a
// sign-in with another provider returns, screens/Identities.tsx).
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";

export type Route = { name: "home" } | { name: "campaign"; id: string } | { name: "watch"; id: string } | { name: "inbox" } | { name: "reset" } | { name: "oidc" };

export function parseRoute(pathname: string): Route {
  if (/^\/inbox\/?$/.test(pathname)) return { name: "inbox" };
  if (/^\/reset-password\/?$/.test(pathname)) return { name: "reset" };
  if (/^\/oidc\/?$/.test(pathname)) return { name: "oidc" };
  const watched = /^\/watch\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (watched?.[1]) return { name: "watch", id: watched[1] };
  // `/campaigns/<id>/battles/<n>`: the battle pack's QR code, the campaign's screen on its battle.
  const match = /^\/campaigns\/([0-9a-fA-F-]{36})(?:\/battles\/[0-9]{1,10})?\/?$/.exec(pathname);
  return match?.[1] ? { name: "campaign", id: match[1] } : { name: "home" };
}

/** The client's page for a notification's `link` (a path of the API, e.g.
 * `/v1/campaigns/<id>/battles/7`): the campaign's screen, which shows its turn, battles and edicts. */
export function clientPathOf(apiLink: string): string {
  const match = /^\/v1\/campaigns\/([0-9a-fA-F-]{36})(?:[/?#]|$)/.exec(apiLink);
  return match?.[1] ? `/campaigns/${match[1]}` : "/";
}

export function navigate(path: string): void {
  window.history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.pathname));
    window.addEventListener("popstate", update);
    return () => window.removeEventListener("popstate", update);
  }, []);
  return route;
}

export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
