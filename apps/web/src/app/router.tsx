import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { setNavigate } from './api/navigate';
import { ProgressBar } from './components/ProgressBar';
import { RouteError } from './components/RouteError';
import { PublicOnly, RequirePermission, RequireSession } from './guards';
import { lazyPage } from './lazy-page';
import { DefaultLayout } from './layouts/DefaultLayout';
import { LoggedOutLayout } from './layouts/LoggedOutLayout';
import { LoginLayout } from './layouts/LoginLayout';
import { NoMenuLayout } from './layouts/NoMenuLayout';
import { SessionSync } from './SessionSync';

const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const SsoAppPage = lazyPage(() => import('../features/auth/sso/SsoAppPage'), 'SsoAppPage');
const ResetPasswordPage = lazyPage(() => import('../features/reset/ResetPasswordPage'), 'ResetPasswordPage');
const HomePage = lazyPage(() => import('../features/home/HomePage'), 'HomePage');
const CompanyPage = lazyPage(() => import('../features/company/CompanyPage'), 'CompanyPage');
const PublicErrorPage = lazyPage(() => import('../features/public/PublicErrorPage'), 'PublicErrorPage');
const ErrorPage = lazyPage(() => import('../features/public/ErrorPage'), 'ErrorPage');
const NotFoundPage = lazyPage(() => import('../features/public/NotFoundPage'), 'NotFoundPage');
const PrivacyPage = lazyPage(() => import('../features/public/InfoPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/public/InfoPage'), 'TermsPage');
const HelpPage = lazyPage(() => import('../features/public/InfoPage'), 'HelpPage');

function Root() {
  return (
    <>
      <ProgressBar />
      <SessionSync />
      <Outlet />
    </>
  );
}

/** Render errors inside a layout keep the layout; anything else gets the no-menu frame. */
const pages = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: (
      <NoMenuLayout>
        <RouteError />
      </NoMenuLayout>
    ),
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <LoginLayout />,
            children: pages([
              { path: 'login', element: <LoginPage /> },
              { path: 'access/reset-password', element: <ResetPasswordPage /> },
              { path: 'access/*', element: <NotFoundPage /> },
            ]),
          },
        ],
      },
      {
        // Single sign-on for the companion app: open whether or not this browser is signed in.
        path: 'ssorapp',
        element: <LoginLayout />,
        children: pages([{ index: true, element: <SsoAppPage /> }]),
      },
      {
        path: 'public',
        element: <LoggedOutLayout />,
        children: pages([
          { path: 'error', element: <PublicErrorPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: '*', element: <NotFoundPage /> },
        ]),
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <DefaultLayout />,
            children: pages([
              { index: true, element: <HomePage /> },
              {
                element: <RequirePermission pageKey="gestione_azienda" />,
                children: [{ path: 'company', element: <CompanyPage /> }],
              },
            ]),
          },
        ],
      },
      {
        element: <NoMenuLayout />,
        children: pages([
          { path: 'error', element: <ErrorPage /> },
          { path: '*', element: <NotFoundPage /> },
        ]),
      },
    ],
  },
]);

setNavigate((to) => void router.navigate(to));
