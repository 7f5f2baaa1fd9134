// SPEC.md's protected-page behaviour on the client: "Loading...", sign-in redirect, role redirect, area switched off.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_TABS, guardRoute, type TRouteDef } from '#common/routes.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { rememberRoute } from '../../lib/last-route.ts';
import { useAuthState } from '../../lib/session.ts';
import { FeatureOff } from './feature-off.tsx';

/** The area a location belongs to: the route's, or on /admin the tab's (SKU Setup is Inventory). */
function featureOf(route: TRouteDef, search: string) {
  if (route.path !== '/admin') return route.feature;
  const tab = new URLSearchParams(search).get('tab');
  return ADMIN_TABS.find((t) => t.id === tab)?.feature ?? null;
}

export function RequireAccess({ route, children }: { route: TRouteDef; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { auth } = useAuthState();
  const feature = featureOf(route, search);
  const result = guardRoute(route, auth, feature);
  // A protected page opened while signed out is remembered, so that signing in lands on it.
  const remember = result.kind === 'allow' || (result.kind === 'redirect' && auth.status !== 'signed-in');
  useEffect(() => {
    if (remember) rememberRoute(pathname, search);
  }, [remember, pathname, search]);

  switch (result.kind) {
    case 'loading':
      return <PageLoader />;
    case 'redirect':
      return <Navigate to={result.to} replace />;
    case 'feature-off':
      return <FeatureOff feature={result.feature} />;
    case 'allow':
      return children;
  }
}
