/** The identity area's public API for the shell and other areas. */
export * from './auth/api';
export * from './users/api';
