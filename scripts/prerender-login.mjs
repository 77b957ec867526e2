// The login page prerendered (decision 0043): after Vite's build, `dist/login.html` is index.html
// with the login page's HTML in `#root` (React's server rendering of the app's own routes, in
// Italian, for a visitor without a session), its own CSS rules inlined and the app's stylesheets
// loaded without holding the first paint. The server answers /login with it; main.tsx hydrates it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/** Every class name used in an HTML fragment. */
export function classesOf(html) {
  const out = new Set();
  for (const m of html.matchAll(/\bclass="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) out.add(c);
  return out;
}

/** Whether a selector can match in a page holding only these classes (classes under :not() aside). */
function selectorMayMatch(selector, classes) {
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const m of positive.matchAll(/\.((?:[\w-]|\\.)+)/g)) {
    if (!classes.has(m[1].replace(/\\(.)/g, '$1'))) return false;
  }
  return true;
}

/**
 * The rules of `css` that may apply to a page holding only `classes`: a rule is kept when one of its
 * selectors names no class the page lacks (element, attribute and :root rules are kept); empty
 * at-rules go with their rules. Keyframes and font faces are kept whole.
 */
export async function criticalCss(css, classes) {
  const { default: postcss } = await import('postcss');
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((s) => selectorMayMatch(s, classes));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
  return root.toResult().css.replace(/\n\s*/g, '\n');
}

/** Builds the server-rendering bundle of `src/prerender/login.tsx` and renders the page under jsdom. */
async function renderLogin(webDir, node) {
  const outDir = path.join(webDir, 'node_modules', '.prerender');
  rmSync(outDir, { recursive: true, force: true });
  const vite = path.resolve(webDir, '../../node_modules/vite/bin/vite.js');
  const r = spawnSync(
    node,
    [vite, 'build', '--ssr', 'src/prerender/login.tsx', '--outDir', outDir, '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('the login page could not be built for prerendering');
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM('<!doctype html><html lang="it"><body></body></html>', { url: 'http://localhost/login' });
  const globals = { window: dom.window, document: dom.window.document, localStorage: dom.window.localStorage };
  for (const [k, v] of Object.entries(globals)) Object.defineProperty(globalThis, k, { value: v, configurable: true });
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // React's production build, as the browser gets
  try {
    const mod = await import(pathToFileURL(path.join(outDir, 'login.js')).href);
    return { html: await mod.renderLogin(), title: mod.loginTitle(), path: mod.PRERENDERED_PATH };
  } finally {
    // The page's window closed: its timers and listeners must not keep the build running.
    dom.window.close();
    for (const k of Object.keys(globals)) delete globalThis[k];
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Writes `dist/login.html` beside `dist/index.html`. */
export async function prerenderLogin(webDir, node = process.execPath) {
  const dist = path.join(webDir, 'dist');
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const page = await renderLogin(webDir, node);
  const classes = classesOf(page.html);
  const sheets = [...index.matchAll(STYLESHEET)].map((m) => m[1]);
  let css = '';
  for (const href of sheets) {
    const file = path.join(dist, href);
    if (!existsSync(file)) throw new Error(`stylesheet ${href} is missing`);
    css += await criticalCss(readFileSync(file, 'utf8'), classes);
  }
  let html = index
    .replace('<html lang="it">', '<html lang="it" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    // The full stylesheets, for the next pages: fetched without holding the first paint, applied by main.tsx.
    .replace(STYLESHEET, (tag) => tag.replace('<link ', '<link media="print" data-deferred-style '))
    .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>/, () => {
      return `<div id="root" data-prerendered="${page.path}" data-lang="it">${page.html}</div>`;
    });
  html = html.replace('</title>', () => `</title>\n    <style data-critical>${css}</style>`);
  if (!html.includes('data-prerendered')) throw new Error('index.html has no #root to prerender into');
  writeFileSync(path.join(dist, 'login.html'), html);
  console.log(
    `login.html: ${(page.html.length / 1024).toFixed(1)} KB of HTML, ${(css.length / 1024).toFixed(1)} KB of its own CSS`,
  );
}
