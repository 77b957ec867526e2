// The login page prerendered (decision 0043): after Vite's build, `dist/login.html` is index.html
// with the login page's HTML in `#root` (React's server rendering of the app's own routes, in
// Italian, for a visitor without a session), its own CSS rules inlined and the app's stylesheets
// loaded without holding the first paint. The server answers /login with it; main.tsx hydrates it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The login page's boot script (decision 0053): the app's code starts on the visitor's first interaction with the
 * page (a pointer, a key, a focus, a touch, the wheel) or at once when a session is stored, instead of with the page.
 * The prerendered form takes typing meanwhile; a click on its button or Enter in a field before React runs is kept
 * (`__fsEarlySubmit`) and submitted once the page is live. After the page's load the code is fetched at low priority
 * (prefetch: downloaded, not run), so starting it costs little network.
 */
export function loginBootScript(entry, preloads, styles) {
  const urls = JSON.stringify([...preloads, entry]);
  return `(function () {
  var urls = ${urls};
  var styles = ${JSON.stringify(styles)};
  var started = false;
  var events = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel'];
  function link(rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel;
    l.href = href;
    l.crossOrigin = '';
    if (as) l.as = as;
    document.head.appendChild(l);
  }
  function start() {
    if (started) return;
    started = true;
    events.forEach(function (e) { removeEventListener(e, start, true); });
    styles.forEach(function (u) { link('stylesheet', u); });
    urls.slice(0, -1).forEach(function (u) { link('modulepreload', u); });
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = urls[urls.length - 1];
    document.head.appendChild(s);
  }
  function early(e) {
    if (window.__fsLive) return;
    var t = e.target;
    if (!t || !t.closest || !t.closest('form')) return;
    if (e.type === 'click' ? t.closest('[data-early-submit]') : e.key === 'Enter' && t.tagName === 'INPUT') window.__fsEarlySubmit = true;
  }
  addEventListener('click', early, true);
  addEventListener('keydown', early, true);
  var signedIn = false;
  try { signedIn = !!localStorage.getItem('fs.token'); } catch (_) {}
  // Signed in (the app sends on), or back from the SSO provider (the app completes the sign-in): at once.
  if (signedIn || /[?&](code|state|error)=/.test(location.search)) return start();
  events.forEach(function (e) { addEventListener(e, start, { capture: true, passive: true }); });
  addEventListener('load', function () {
    if (started) return;
    styles.forEach(function (u) { link('prefetch', u, 'style'); });
    urls.forEach(function (u) { link('prefetch', u, 'script'); });
  });
})();
`;
}

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

const VAR_REF = /var\(\s*(--[\w-]+)/g;

/**
 * Drops the custom properties (`--name: …`) nothing on the page can read: a property is kept when a declaration of
 * another property, the page's HTML (inline styles, and the <style> elements of responsive props), or a kept custom property refers to it (`var(--name)`).
 * Mantine declares hundreds on :root; the page uses fewer than half. The full stylesheets, loaded with the app,
 * declare them all again.
 */
export async function pruneUnusedVariables(css, html) {
  const { default: postcss } = await import('postcss');
  const root = postcss.parse(css);
  const used = new Set();
  const refs = (text) => [...text.matchAll(VAR_REF)].map((m) => m[1]);
  const definitions = new Map();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) for (const r of refs(decl.value)) used.add(r);
    else definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...refs(decl.value)]);
  });
  // Inline styles and the <style> elements Mantine renders for responsive props.
  for (const r of refs(html.replace(/&quot;/g, '"'))) used.add(r);
  const queue = [...used];
  while (queue.length) {
    for (const r of definitions.get(queue.pop()) ?? []) {
      if (!used.has(r)) {
        used.add(r);
        queue.push(r);
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
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
  css = await pruneUnusedVariables(css, page.html);
  let html = index
    .replace('<html lang="it">', '<html lang="it" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    // The full stylesheets, for the next pages: added by the boot script when the app starts (loginBootScript).
    .replace(STYLESHEET, '')
    .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>/, () => {
      return `<div id="root" data-prerendered="${page.path}" data-lang="it">${page.html}</div>`;
    });
  html = html.replace('</title>', () => `</title>\n    <style data-critical>${css}</style>`);
  // The app's code waits for the visitor (loginBootScript): its script and preloads leave the page for the boot script.
  const entry = html.match(ENTRY)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const boot = loginBootScript(entry, preloads, sheets);
  const bootName = `assets/login-boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(path.join(dist, bootName), boot);
  html = html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `  <script defer src="/${bootName}"></script>\n  </head>`);
  if (!html.includes('data-prerendered')) throw new Error('index.html has no #root to prerender into');
  writeFileSync(path.join(dist, 'login.html'), html);
  console.log(
    `login.html: ${(page.html.length / 1024).toFixed(1)} KB of HTML, ${(css.length / 1024).toFixed(1)} KB of its own CSS`,
  );
}
