// The production build, cached: the web app (Vite, then every text asset precompressed with
// brotli and gzip) and the server (ES modules bundled by esbuild: main.js and the chunks it loads on
// first use, with its SQL migrations).
// Each part is rebuilt only when one of its inputs changed since its last build: a fingerprint
// of the inputs (paths, sizes and contents) is kept beside the output.
//
//   node scripts/build.mjs            both parts, as needed
//   node scripts/build.mjs web        one part
//   node scripts/build.mjs --force    rebuild even if nothing changed
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { prerenderLogin } from './prerender-login.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Files under the given paths (directories walked), skipping build output and dependencies. */
function filesOf(inputs) {
  const out = [];
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isFile()) {
      if (!/\.test\.tsx?$/.test(p)) out.push(p);
      return;
    }
    for (const e of readdirSync(p)) {
      if (e === 'node_modules' || e === 'dist' || e.startsWith('.')) continue;
      walk(path.join(p, e));
    }
  };
  inputs.forEach((i) => walk(at(i)));
  return out.sort();
}

function fingerprint(inputs) {
  const h = createHash('sha256');
  for (const f of filesOf(inputs)) {
    h.update(path.relative(root, f));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex');
}

const run = (cmd, args, cwd = root) => {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `file.br` and `file.gz` beside every text asset over 1 KB (served by @fastify/static). */
async function precompress(dir) {
  let raw = 0;
  let br = 0;
  const files = filesOf([path.relative(root, dir)]).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (f) => {
      const data = readFileSync(f);
      if (data.length < 1024) return;
      const b = await brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      writeFileSync(`${f}.br`, b);
      writeFileSync(`${f}.gz`, await gzip(data, { level: 9 }));
      raw += data.length;
      br += b.length;
    }),
  );
  console.log(
    `precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
  );
}

async function buildServer(outDir) {
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [at('apps/server/src/main.ts')],
    outdir: outDir,
    // Modules loaded on first use (PDF documents, spreadsheets, zip, S3, mail: `import()` in the
    // server's code) stay in chunks of their own beside main.js, so a start does not load them.
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Packages stay in node_modules; the workspace's TypeScript contract is bundled in.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === '@fs/contract' || args.path.startsWith('@fs/contract/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
  cpSync(at('apps/server/src/platform/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
}

const PARTS = {
  web: {
    out: at('apps/web/dist'),
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'packages/contract/src',
      'packages/contract/package.json',
      'package-lock.json',
      'scripts/build.mjs',
      'scripts/prerender-login.mjs',
    ],
    async build() {
      run(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build'], at('apps/web'));
      await prerenderLogin(at('apps/web'));
      await precompress(at('apps/web/dist'));
    },
  },
  server: {
    out: at('apps/server/dist'),
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/contract/src',
      'packages/contract/package.json',
      'package-lock.json',
      'scripts/build.mjs',
    ],
    async build() {
      await buildServer(at('apps/server/dist'));
    },
  },
};

const args = process.argv.slice(2);
const force = args.includes('--force');
const wanted = args.filter((a) => !a.startsWith('--'));
for (const name of wanted.length ? wanted : Object.keys(PARTS)) {
  const part = PARTS[name];
  if (!part) throw new Error(`unknown part ${name} (web, server)`);
  const stampFile = path.join(part.out, '.build-stamp');
  const stamp = fingerprint(part.inputs);
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`${name}: unchanged, build kept`);
    continue;
  }
  const t0 = Date.now();
  await part.build();
  writeFileSync(stampFile, stamp);
  console.log(`${name}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
// Done: nothing the build loaded (the prerendered login page's app code ran in this process) may keep it
// running: a timer left behind kept `npm run build` waiting in CI.
process.exit(0);
