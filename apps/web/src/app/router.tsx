import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { setNavigate } from './api/navigate';
import { PageLoader } from './components/PageLoader';
import { ProgressBar } from './components/ProgressBar';
import { RouteError } from './components/RouteError';
import { PublicOnly, RequirePermission, RequireSession } from './guards';
import { lazyPage, type LazyPage, type PageStart } from './lazy-page';
import { LoggedOutLayout } from './layouts/LoggedOutLayout';
import { CustomerPageLayout } from './layouts/CustomerPageLayout';
import { LoginLayout } from './layouts/LoginLayout';
import { NoMenuLayout } from './layouts/NoMenuLayout';
import { SessionSync } from './SessionSync';
// The first page most visitors see is in the first chunk: no second round trip before the form shows.
import { LoginPage } from '../features/identity/auth/LoginPage';
// The list of /interventions is asked for with the first chunk, before the page's code (issue 25).
import { startReportsList } from '../features/operations/reports/list-query';

// The signed-in frame (menu, header, banners, tour) is a chunk of its own: the login page does not load it.
const DefaultLayout = lazyPage(() => import('./layouts/DefaultLayout'), 'DefaultLayout');
const SsoAppPage = lazyPage(() => import('../features/identity/auth/sso/SsoAppPage'), 'SsoAppPage');
const ResetPasswordPage = lazyPage(() => import('../features/identity/reset/ResetPasswordPage'), 'ResetPasswordPage');
const HomePage = lazyPage(() => import('../features/shell/home/HomePage'), 'HomePage');
const CompanyPage = lazyPage(() => import('../features/company/company/CompanyPage'), 'CompanyPage');
const OptionsPage = lazyPage(() => import('../features/company/options/OptionsPage'), 'OptionsPage');
const PublicErrorPage = lazyPage(() => import('../features/shell/public/PublicErrorPage'), 'PublicErrorPage');
const ErrorPage = lazyPage(() => import('../features/shell/public/ErrorPage'), 'ErrorPage');
const NotFoundPage = lazyPage(() => import('../features/shell/public/NotFoundPage'), 'NotFoundPage');
const PrivacyPage = lazyPage(() => import('../features/shell/public/InfoPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/shell/public/InfoPage'), 'TermsPage');
const HelpPage = lazyPage(() => import('../features/shell/public/InfoPage'), 'HelpPage');
const RegisterPage = lazyPage(() => import('../features/billing/registration/RegisterPage'), 'RegisterPage');
const PromoPage = lazyPage(() => import('../features/billing/registration/PromoPage'), 'PromoPage');
const PromoErrorPage = lazyPage(() => import('../features/billing/registration/PromoErrorPage'), 'PromoErrorPage');
const PromoCompletePage = lazyPage(
  () => import('../features/billing/registration/PromoCompletePage'),
  'PromoCompletePage',
);
const PlanPage = lazyPage(() => import('../features/billing/subscription/PlanPage'), 'PlanPage');
const SubscriptionPage = lazyPage(
  () => import('../features/billing/subscription/SubscriptionPage'),
  'SubscriptionPage',
);
const QuotePage = lazyPage(() => import('../features/billing/subscription/QuotePage'), 'QuotePage');
const LicencesPage = lazyPage(() => import('../features/billing/subscription/TechniciansPage'), 'TechniciansPage');
const BillingDataPage = lazyPage(() => import('../features/billing/subscription/CompanyDataPage'), 'CompanyDataPage');
const CheckoutPage = lazyPage(() => import('../features/billing/subscription/CheckoutPage'), 'CheckoutPage');
const ThreeDsSandboxPage = lazyPage(
  () => import('../features/billing/subscription/ThreeDsSandboxPage'),
  'ThreeDsSandboxPage',
);
const TechniciansPage = lazyPage(() => import('../features/identity/users/TechniciansPage'), 'TechniciansPage');
const ProfilePage = lazyPage(() => import('../features/identity/users/ProfilePage'), 'ProfilePage');
const GroupsPage = lazyPage(() => import('../features/identity/users/GroupsPage'), 'GroupsPage');
const FicReturnPage = lazyPage(
  () => import('../features/company/integrations/accounting/FicReturnPage'),
  'FicReturnPage',
);
const ExternalIntegrationsPage = lazyPage(
  () => import('../features/company/integrations/ExternalIntegrationsPage'),
  'ExternalIntegrationsPage',
);
const AppAccessPage = lazyPage(() => import('../features/identity/users/AppAccessPage'), 'AppAccessPage');
const DataExportPage = lazyPage(() => import('../features/company/data-export/DataExportPage'), 'DataExportPage');
const DataImportPage = lazyPage(() => import('../features/registries/imports/DataImportPage'), 'DataImportPage');
const StoragePage = lazyPage(() => import('../features/registries/media/StoragePage'), 'StoragePage');
const CustomersPage = lazyPage(() => import('../features/registries/customers/CustomersPage'), 'CustomersPage');
const CustomerPage = lazyPage(() => import('../features/registries/customers/CustomerPage'), 'CustomerPage');
const ItemsPage = lazyPage(() => import('../features/registries/articles/ItemsPage'), 'ItemsPage');
const JobsPage = lazyPage(() => import('../features/registries/job-roles/JobsPage'), 'JobsPage');
const ReportsPage = lazyPage(
  () => import('../features/operations/reports/ReportsPage'),
  'ReportsPage',
  undefined,
  startReportsList,
);
const ReportPage = lazyPage(() => import('../features/operations/reports/ReportPage'), 'ReportPage');
const SignLinkPage = lazyPage(() => import('../features/operations/reports/SignLinkPage'), 'SignLinkPage');
const NewReportPage = lazyPage(() => import('../features/operations/reports/NewReportPage'), 'NewReportPage');
const ContractsPage = lazyPage(() => import('../features/operations/contracts/ContractsPage'), 'ContractsPage');
const ContractPage = lazyPage(() => import('../features/operations/contracts/ContractPage'), 'ContractPage');
const PlanningPage = lazyPage(
  () => import('../features/operations/planner/PlanningPage'),
  'PlanningPage',
  (m, start) => m.preparePlanning(start),
);
const NewContractPage = lazyPage(() => import('../features/operations/contracts/NewContractPage'), 'NewContractPage');
const ClockingPage = lazyPage(() => import('../features/operations/clocking/ClockingPage'), 'ClockingPage');
const StatisticsPage = lazyPage(() => import('../features/operations/statistics/StatisticsPage'), 'StatisticsPage');
const CustomInterventionPage = lazyPage(
  () => import('../features/operations/report-config/CustomInterventionPage'),
  'CustomInterventionPage',
);

/**
 * Every navigation to a new page starts at its top (a page opened after a save showed its middle,
 * title hidden); Back and Forward find each page where it was left. A change of a page's own
 * address (a list's filters, a tab) keeps the scroll with `preventScrollReset`.
 */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <ProgressBar />
      <SessionSync />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Render errors inside a layout keep the layout; anything else gets the no-menu frame. */
const pages = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

export const routes: RouteObject[] = [
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
          {
            // Registration (steps 1 to 4 and the promo variant): wider pages than the login card.
            element: <LoggedOutLayout />,
            children: pages([
              { path: 'access/register', element: <RegisterPage /> },
              { path: 'access/register-promo', element: <PromoPage /> },
              { path: 'access/errore-registrazione-promo', element: <PromoErrorPage /> },
            ]),
          },
        ],
      },
      {
        // Completing a promo registration's company data: by its token, signed in or not.
        path: 'register-promo-completa-dati',
        element: <LoggedOutLayout />,
        children: pages([{ index: true, element: <PromoCompletePage /> }]),
      },
      {
        // Single sign-on for the companion app: open whether or not this browser is signed in.
        path: 'ssorapp',
        element: <LoginLayout />,
        children: pages([{ index: true, element: <SsoAppPage /> }]),
      },
      {
        // The customer's page of a mailed signing link: signed in or not, nothing of the company but that report,
        // in the company's name (not the product's).
        path: 'firma/:token',
        element: <CustomerPageLayout />,
        children: pages([{ index: true, element: <SignLinkPage /> }]),
      },
      {
        path: 'public',
        element: <LoggedOutLayout />,
        children: pages([
          { path: 'error', element: <PublicErrorPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: '3ds-sandbox', element: <ThreeDsSandboxPage /> },
          { path: 'app-access', element: <AppAccessPage /> },
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
              {
                element: <RequirePermission pageKey="opzioni" />,
                children: [{ path: 'options', element: <OptionsPage /> }],
              },
              {
                element: <RequirePermission pageKey="gestione_abbonamento" />,
                children: [
                  { path: 'subscription-plan', element: <PlanPage /> },
                  { path: 'subscription-plan/subscription', element: <SubscriptionPage /> },
                  { path: 'subscription-plan/quote', element: <QuotePage /> },
                  { path: 'subscription-plan/technicians', element: <LicencesPage /> },
                  { path: 'subscription-plan/company-data', element: <BillingDataPage /> },
                  { path: 'subscription-plan/checkout', element: <CheckoutPage /> },
                  { path: 'storage-space', element: <StoragePage /> },
                ],
              },
              {
                element: <RequirePermission pageKey="anagrafica_clienti" />,
                children: [
                  { path: 'customers', element: <CustomersPage /> },
                  { path: 'customers/:id', element: <CustomerPage /> },
                ],
              },
              {
                element: <RequirePermission pageKey="gestione_interventi" />,
                children: [
                  { path: 'interventions', element: <ReportsPage /> },
                  { path: 'interventions/:id', element: <ReportPage /> },
                  { path: 'new-intervention', element: <NewReportPage /> },
                ],
              },
              {
                element: <RequirePermission pageKey="pianificazione_interventi" />,
                children: [{ path: 'intervention-planning', element: <PlanningPage /> }],
              },
              {
                element: <RequirePermission pageKey="timbrature" orReadOf={['amministrazione_timbrature']} />,
                children: [{ path: 'clocking-in-out', element: <ClockingPage /> }],
              },
              {
                element: <RequirePermission pageKey="analisi_dati" />,
                children: [{ path: 'statistics', element: <StatisticsPage /> }],
              },
              {
                element: <RequirePermission pageKey="contratti" />,
                children: [
                  { path: 'contracts', element: <ContractsPage /> },
                  { path: 'contracts/new', element: <NewContractPage /> },
                  { path: 'contracts/:id', element: <ContractPage /> },
                ],
              },
              {
                element: <RequirePermission pageKey="personalizza_interventi" />,
                children: [{ path: 'custom-intervention', element: <CustomInterventionPage /> }],
              },
              {
                element: <RequirePermission pageKey="anagrafica_articoli" />,
                children: [{ path: 'items', element: <ItemsPage /> }],
              },
              {
                element: <RequirePermission pageKey="mansioni" />,
                children: [{ path: 'jobs', element: <JobsPage /> }],
              },
              {
                element: <RequirePermission pageKey="gestione_tecnici" />,
                children: [
                  { path: 'technicians', element: <TechniciansPage /> },
                  { path: 'permission-groups', element: <GroupsPage /> },
                ],
              },
              {
                element: <RequirePermission pageKey="integrazioni_esterne" />,
                children: [
                  { path: 'external-integrations', element: <ExternalIntegrationsPage /> },
                  { path: 'oauth20/fattureincloud', element: <FicReturnPage /> },
                ],
              },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'data-import', element: <DataImportPage /> },
              {
                element: <RequirePermission pageKey="esportazione_dati" />,
                children: [{ path: 'data-export', element: <DataExportPage /> }],
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
];

export const router = createBrowserRouter(routes);

setNavigate((to) => void router.navigate(to));

/**
 * Starts loading the code of the pages and layouts an address shows (at app start, with the main
 * bundle's evaluation, rather than one after the other as each renders), and lets them ask for
 * their first data (`start`); resolves when the code has arrived or failed. Pages behind the session
 * only with a stored session: a visitor without one goes to the login page, in the first chunk.
 */
export function preloadPages(pathname: string, signedIn: boolean, start: PageStart): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const element = route.element as { type?: unknown } | null | undefined;
    if (element?.type === RequireSession && !signedIn) break;
    const type = element?.type as Partial<LazyPage> | undefined;
    // A failure shows when the page renders (its lazy load tries again).
    if (typeof type?.preload === 'function') loads.push(type.preload(start).catch(() => {}));
  }
  return Promise.all(loads);
}
