/** The billing area's public API for other areas. */
export { optionValues } from './options/service.js';
