// The outermost layout: document titles follow the route, focus moves to the page on navigation.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ADMIN_TABS, findRoute } from '#common/routes.ts';
import { track } from '../lib/analytics.ts';

/** The title a path shows in the browser tab. */
function titleFor(pathname: string, search: string): string {
  const route = findRoute(pathname);
  if (!route) return 'Page not found · Forgeboard';
  if (route.path === '/') return 'Forgeboard — the shop floor, run well';
  const tab =
    route.path === '/admin'
      ? ADMIN_TABS.find((t) => t.id === new URLSearchParams(search).get('tab'))
      : undefined;
  return `${tab?.title ?? route.title} · Forgeboard`;
}

export function RootLayout() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname, search);
  }, [pathname, search]);
  useEffect(() => {
    track('page_view', {}, pathname);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
