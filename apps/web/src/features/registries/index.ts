/** The registries area's public API for the shell and other areas. */
export * from './media/api';
export * from './job-roles/api';
export { useArticleResearch } from './articles/api';
