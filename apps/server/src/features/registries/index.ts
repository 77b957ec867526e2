/** The registries area's public API for other areas. */
export { reserveSpace } from './media/quota.js';
export { dropMediaOf, removeStored } from './media/owners.js';
export { findGenerated, removeGenerated, storeGenerated, type GeneratedFile } from './media/generated.js';
export { dropFile, fileRow, recordFile } from './media/service.js';
export { mansioniByUser, setUserMansioni } from './job-roles/service.js';
