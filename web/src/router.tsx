// A tiny history router: `/` (campaigns), `/campaigns/<id>` (its lobby or its map).
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";

export type Route = { name: "home" } | { name: "campaign"; id: string };

export function parseRoute(pathname: string): Route {
  const match = /^\/campaigns\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  return match?.[1] ? { name: "campaign", id: match[1] } : { name: "home" };
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
