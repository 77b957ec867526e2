/** The company area's public API for other areas. */
export { provisionCompany, type NewCompany, type NewUser, type Provisioned } from './company/provision.js';
export { optionValues } from './options/service.js';
export { companySend, companyMailRoute } from './mail/service.js';
export { storedExportKeys } from './data-export/service.js';
