// Every route of SPEC.md section 2: public pages in the public layout, protected ones behind the guard in the shell.
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SCAN_LINK_PATH } from '#common/label-codes.ts';
import { DEFAULT_RETURN_ROUTE, findRoute, PROTECTED_ROUTES, type TRouteDef } from '#common/routes.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { RequireAccess } from './guards/require-access.tsx';
// The root page is the first paint of most visits: bundled with the app rather than fetched after it.
import RootPage from './pages/root-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { PublicLayout } from './shell/public-layout.tsx';

const LearnMorePage = lazy(() => import('../features/public/pages/learn-more-page.tsx'));
const PlansPage = lazy(() => import('../features/public/pages/plans-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('../features/public/pages/privacy-policy-page.tsx'));
const TermsOfServicePage = lazy(() => import('../features/public/pages/terms-of-service-page.tsx'));
const CookiePolicyPage = lazy(() => import('../features/public/pages/cookie-policy-page.tsx'));
const NotFoundPage = lazy(() => import('../features/public/pages/not-found-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/verify-email-page.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/pages/auth-callback-page.tsx'));
// The signed-in shell (nav bar, menus) is not needed for the public pages most first visits see.
const SignedInLayout = lazy(() =>
  import('./shell/signed-in-layout.tsx').then((m) => ({ default: m.SignedInLayout })),
);
const AdminPage = lazy(() => import('./pages/admin-page.tsx'));
const UsersPage = lazy(() => import('../features/users/users-page.tsx'));
const SubscriptionPage = lazy(() => import('../features/subscription/subscription-page.tsx'));
const SecurityDashboardPage = lazy(
  () => import('../features/security-dashboard/security-dashboard-page.tsx'),
);

const HelpPage = lazy(() => import('../features/help/help-page.tsx'));
const AssemblySetupPage = lazy(() => import('../features/build/assembly-setup-page.tsx'));
const OrdersPage = lazy(() => import('../features/build-orders/orders-page.tsx'));
const WorkOrdersPage = lazy(() => import('./pages/work-orders-page.tsx'));
const ProductionReportPage = lazy(() => import('../features/production-report/production-report-page.tsx'));
const StockCheckPage = lazy(() => import('../features/stock-check/stock-check-page.tsx'));
const MachinesPage = lazy(() => import('../features/machines/machines-page.tsx'));
const MaintenancePlansPage = lazy(() => import('../features/maintenance-plans/plans-page.tsx'));
const MaintenanceLogsPage = lazy(() => import('../features/maintenance-logs/maintenance-logs-page.tsx'));
const BreakdownsPage = lazy(() => import('../features/breakdowns/breakdowns-page.tsx'));
const EmailSettingsPage = lazy(() => import('../features/maintenance-email/email-settings-page.tsx'));
const PmCalendarPage = lazy(() => import('../features/pm-calendar/pm-calendar-page.tsx'));
const QcSetupPage = lazy(() => import('../features/qc-setup/qc-setup-page.tsx'));
const InventoryPage = lazy(() => import('./pages/inventory-page.tsx'));
const ItemsPage = lazy(() => import('./pages/items-page.tsx'));
const LabelConfigPage = lazy(() => import('../features/company/label-config-page.tsx'));
const LabelsPage = lazy(() => import('../features/labels/labels-page.tsx'));
const ScanPage = lazy(() => import('./pages/scan-page.tsx'));
const ScanLinkPage = lazy(() => import('../features/scan/scan-link-page.tsx'));
const KioskPage = lazy(() => import('../features/scan/kiosk-page.tsx'));
const QualityPage = lazy(() => import('./pages/quality-page.tsx'));
const QcDisplayPage = lazy(() => import('../features/qc-display/qc-display-page.tsx'));
const JobsPage = lazy(() => import('../features/jobs/jobs-page.tsx'));
const JobCostReportPage = lazy(() => import('../features/job-cost-report/job-cost-report-page.tsx'));
const TimePage = lazy(() => import('./pages/time-page.tsx'));

/** The screen of every protected route (issue 31 built the last: no route says "Arriving soon" any more). */
const SCREENS: Partial<Record<string, React.ComponentType>> = {
  '/help': HelpPage,
  '/admin': AdminPage,
  '/users': UsersPage,
  '/subscription': SubscriptionPage,
  '/admin/subscription': SubscriptionPage,
  '/security-dashboard': SecurityDashboardPage,
  '/stock-check': StockCheckPage,
  '/inventory': InventoryPage,
  '/items': ItemsPage,
  '/label-config': LabelConfigPage,
  '/labels': LabelsPage,
  '/scan': ScanPage,
  '/assembly-setup': AssemblySetupPage,
  '/build/create-order': OrdersPage,
  '/orders': OrdersPage,
  '/build/work-order': WorkOrdersPage,
  '/maintenance/machines': MachinesPage,
  '/maintenance/planned': MaintenancePlansPage,
  '/maintenance/logs': MaintenanceLogsPage,
  '/maintenance/machine-fix': BreakdownsPage,
  '/maintenance/email-settings': EmailSettingsPage,
  '/maintenance/pm-calendar': PmCalendarPage,
  '/quality/item-instructions': QcSetupPage,
  '/quality/qc-display': QcDisplayPage,
  '/build/production-report': ProductionReportPage,
  '/quality': QualityPage,
  '/jobs': JobsPage,
  '/job-cost-report': JobCostReportPage,
  '/time': TimePage,
};

/** The route whose guard a QR link takes: whoever may scan may follow a link. */
const SCAN_ROUTE = findRoute('/scan') as TRouteDef;

function screenOf(route: (typeof PROTECTED_ROUTES)[number]) {
  const Screen = SCREENS[route.path];
  // Every protected route has its screen (help-articles.test.ts checks each has an article); a route added to
  // common/routes.ts before its screen is the 404 page rather than a blank one.
  return Screen ? <Screen /> : <NotFoundPage />;
}

function page(element: React.ReactNode, tall = false) {
  return <Suspense fallback={<PageLoader tall={tall} />}>{element}</Suspense>;
}

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: page(<RootPage />) },
          { path: '/learn-more', element: page(<LearnMorePage />) },
          { path: '/plans', element: page(<PlansPage />) },
          { path: '/privacy-policy', element: page(<PrivacyPolicyPage />) },
          { path: '/terms-of-service', element: page(<TermsOfServicePage />) },
          { path: '/cookie-policy', element: page(<CookiePolicyPage />) },
          { path: '/reset-password', element: page(<ResetPasswordPage />) },
          { path: '/verify-expired', element: page(<VerifyEmailPage expired />) },
          { path: '/verify-email', element: page(<VerifyEmailPage expired={false} />) },
          { path: '/auth/callback', element: page(<AuthCallbackPage />) },
          // A shared tablet set up as a kiosk (decision 083): no session; its key, kept on the device, names it.
          { path: '/kiosk', element: page(<KioskPage />) },
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
      {
        element: page(<SignedInLayout />),
        children: [
          ...PROTECTED_ROUTES.map((route) => ({
            path: route.path,
            // /help, where sign-in lands, is a long page: its loader fills the screen (PageLoader's `tall`).
            element: (
              <RequireAccess route={route}>
                {page(screenOf(route), route.path === DEFAULT_RETURN_ROUTE)}
              </RequireAccess>
            ),
          })),
          // A QR label's link (docs/decisions/028): guarded like /scan, then resolved to the thing.
          {
            path: `${SCAN_LINK_PATH}:code`,
            element: <RequireAccess route={SCAN_ROUTE}>{page(<ScanLinkPage />)}</RequireAccess>,
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
