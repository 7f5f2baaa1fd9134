// The root page: special links first (invites, verification errors), a signed-in user to their last route,
// then the login or sign-up view when the query asks for one, else the landing page. It shows auth's views and the
// public landing page, so the app composes it.
import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { NoCompanyNotice } from '../../features/auth/components/no-company-notice.tsx';
import { LandingPage } from '../../features/public/components/landing-page.tsx';
import { lastRouteOrHelp } from '../../lib/last-route.ts';
import { useAuthState } from '../../lib/session.ts';

/** SPEC.md's special links on the root page, or null when the query holds none. */
export function specialLinkTarget(params: URLSearchParams): string | null {
  const token = params.get('token');
  if (token && params.get('type') === 'invite') {
    return `/reset-password?invited=true&token=${encodeURIComponent(token)}`;
  }
  const error =
    `${params.get('error') ?? ''} ${params.get('error_code') ?? ''} ${params.get('error_description') ?? ''}`.toLowerCase();
  if (/expired|invalid|otp|scanner/.test(error)) {
    const email = params.get('email');
    return `/verify-expired${email ? `?email=${encodeURIComponent(email)}` : ''}`;
  }
  return null;
}

// The login and sign-up views load on demand: the landing page is what most first visits see.
const AuthPanel = lazy(() =>
  import('../../features/auth/components/auth-panel.tsx').then((m) => ({ default: m.AuthPanel })),
);

export default function RootPage() {
  const [params] = useSearchParams();
  const { auth, session } = useAuthState();
  const special = specialLinkTarget(params);
  if (special) return <Navigate to={special} replace />;
  if (session?.state === 'no-company') return <NoCompanyNotice />;
  if (auth.status === 'signed-in' && auth.companyId) return <Navigate to={lastRouteOrHelp()} replace />;
  const view = params.get('login') === 'true' ? 'login' : params.get('signup') === 'true' ? 'signup' : null;
  if (view) {
    return (
      <Suspense fallback={<PageLoader />}>
        <AuthPanel view={view} plan={params.get('plan')} />
      </Suspense>
    );
  }
  return <LandingPage />;
}
