/** The company area's public API for the shell and other areas. */
export * from './company/api';
export * from './company/DeletionBanner';
export { companyValidation } from './company/company-form';
export * from './options/api';
export * from './company/zone';
export { ReportExport } from './integrations/accounting/ReportExport';
export { useAccountingTool, useExportReports } from './integrations/accounting/api';
