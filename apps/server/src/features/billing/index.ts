/** The billing area's public API for other areas. */
export { companySend, optionValues } from './options/service.js';
