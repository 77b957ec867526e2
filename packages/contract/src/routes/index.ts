import { isRouteSpec, type RouteSpec } from './define.js';
import * as companyDeletion from './billing/company-deletion.js';
import * as paidOptions from './billing/paid-options.js';
import * as paymentSandbox from './billing/payment-sandbox.js';
import * as promo from './billing/registration-promo.js';
import * as registration from './billing/registration.js';
import * as subscription from './billing/subscription.js';
import * as apiKeys from './company/api-keys.js';
import * as company from './company/company.js';
import * as dataExport from './company/data-export.js';
import * as mail from './company/mail.js';
import * as mexal from './company/mexal.js';
import * as options from './company/options.js';
import * as webhooks from './company/webhooks.js';
import * as accounting from './company/accounting.js';
import * as auth from './identity/auth.js';
import * as groups from './identity/groups.js';
import * as passwordReset from './identity/password-reset.js';
import * as session from './identity/session.js';
import * as sso from './identity/sso.js';
import * as users from './identity/users.js';
import * as activitySchedule from './operations/activities-schedule.js';
import * as activities from './operations/activities.js';
import * as clocking from './operations/clocking.js';
import * as contracts from './operations/contracts.js';
import * as geolocation from './operations/geolocation.js';
import * as reportConfig from './operations/report-config.js';
import * as reports from './operations/reports.js';
import * as reportExports from './operations/report-exports.js';
import * as schedule from './operations/schedule.js';
import * as statistics from './operations/statistics.js';
import * as articles from './registries/articles.js';
import * as customers from './registries/customers.js';
import * as imports from './registries/imports.js';
import * as jobRoles from './registries/job-roles.js';
import * as media from './registries/media.js';
import * as plants from './registries/plants.js';
import * as publicConfig from './shell/public-config.js';
import * as reference from './shell/reference.js';
import * as tablePreferences from './shell/table-preferences.js';
import * as tour from './shell/tour.js';
import * as system from './system.js';

export * from './define.js';

/**
 * The route table (decision 0037): every API route, by namespace (a server feature) and name,
 * e.g. `routes.customers.list`. The server registers exactly these (platform/http/route.ts), the
 * OpenAPI document lists them, the web calls them through its typed client, the tenancy sweep and
 * the query fuzz walk them.
 */
export const routes = {
  companyDeletion,
  paidOptions,
  paymentSandbox,
  promo,
  registration,
  subscription,
  apiKeys,
  company,
  dataExport,
  mail,
  mexal,
  options,
  webhooks,
  accounting,
  auth,
  groups,
  passwordReset,
  session,
  sso,
  users,
  activitySchedule,
  activities,
  clocking,
  statistics,
  contracts,
  geolocation,
  reportConfig,
  reports,
  reportExports,
  schedule,
  articles,
  customers,
  imports,
  jobRoles,
  media,
  plants,
  publicConfig,
  reference,
  tablePreferences,
  tour,
  system,
} as const;

/** Every entry of the table, in a stable order. */
export const allRoutes: readonly RouteSpec[] = Object.values(routes).flatMap((ns) =>
  Object.values(ns as Record<string, unknown>).filter(isRouteSpec),
);
