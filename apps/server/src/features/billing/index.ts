/** The billing area's public API for other areas. */
export { boughtOptions } from './paid-options/service.js';
