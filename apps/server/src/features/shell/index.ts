/** The shell area's public API for other areas. */
export { tableInfos } from './table-preferences/service.js';
