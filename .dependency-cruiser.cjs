/**
 * Import boundaries of docs/architecture.md, checked by `npm run lint:boundaries` (part of `npm test`).
 * Areas: features/<area>/<feature>/ on the server and on the web; another area is reached only
 * through its public `features/<area>/index.ts`.
 */
const TESTS = '(\\.test\\.tsx?$|/test-helpers\\.ts$|/test-zip\\.ts$)';
const S = '^apps/server/src/';
const W = '^apps/web/src/';
/** A feature's repo: `repo.ts`, or `<part>-repo.ts` when a feature splits its queries (reports/list-repo.ts). */
const REPO = '(repo|[^/]+-repo)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-not-features',
      comment: 'Shared mechanics (platform/) never depend on a feature.',
      severity: 'error',
      from: { path: `${S}platform/` },
      to: { path: `${S}(features|demo)/` },
    },
    {
      name: 'route-no-repo-or-db',
      comment:
        'A route file declares schema and permission and calls its service; it never reaches a repo or the database.',
      severity: 'error',
      from: { path: `${S}features/.+routes\\.ts$` },
      to: { path: `(/${REPO}|${S}platform/db/)`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'repo-no-other-feature',
      comment: 'A repo holds queries of its own feature only.',
      severity: 'error',
      from: { path: `${S}features/([^/]+)/([^/]+)/${REPO}` },
      to: { path: `${S}features/`, pathNot: `${S}features/$1/$2/` },
    },
    {
      name: 'server-areas-through-index',
      comment: "A feature reaches another area only through that area's index.ts.",
      severity: 'error',
      from: { path: `${S}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${S}features/`, pathNot: `${S}features/($1/|[^/]+/index\\.ts$)` },
    },
    {
      name: 'web-areas-through-index',
      comment: "A web feature reaches another area only through that area's index.ts.",
      severity: 'error',
      from: { path: `${W}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${W}features/`, pathNot: `${W}features/($1/|[^/]+/index\\.ts$)` },
    },
    {
      name: 'web-shell-through-index',
      comment:
        "The shell (app/) uses features through their area's index.ts; only the router loads pages directly (lazily).",
      severity: 'error',
      from: { path: `${W}app/`, pathNot: `(${W}app/router\\.tsx$|${TESTS})` },
      to: { path: `${W}features/`, pathNot: `${W}features/[^/]+/index\\.ts$` },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is imported by both sides and imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles between modules (type-only imports excepted).',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
