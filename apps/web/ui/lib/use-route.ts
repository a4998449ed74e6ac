import { useEffect, useState } from 'react';
import { formatRoute, parseRoute, type Route } from './route';

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function go(route: Route): void {
  window.location.hash = formatRoute(route);
}

export function href(route: Route): string {
  return formatRoute(route);
}
