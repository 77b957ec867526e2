#!/usr/bin/env node
/**
 * Renames exports of the contract (packages/contract/src) everywhere they are used, by the TypeScript
 * language service's rename (docs/glossary.md, naming rule; decision 0039).
 *
 *   node scripts/rename-contract-exports.mjs [--dry-run] [mapping.json]
 *
 * The mapping (default scripts/contract-export-names.json) is `{ "renames": { "<old>": "<new>" } }`.
 * Names already renamed (the new name exported, the old one gone) are skipped, so the script can run again
 * after a merge; so are names the contract no longer exports (listed). A new name the contract already
 * exports beside the old one stops the run.
 *
 * Why the language service and not a text replacement: only references to the contract's export
 * change. A wire field of the same spelling (a zod shape's key, a property of an answer, a Drizzle
 * column) is another symbol and stays; a shorthand property `{ oreResidue }` becomes
 * `{ oreResidue: remainingHours }`, keeping its wire key; strings and comments are untouched.
 *
 * Projects searched (TypeScript files only, node_modules and dist excluded by their tsconfig):
 * packages/contract, apps/server, apps/web, e2e, bench. Before writing, every file to be edited is
 * checked for the new name already in use (an identifier token of the same spelling): such a conflict
 * stops the run, nothing written, so the mapping can be fixed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'packages/contract/package.json'));
const ts = require('typescript');

const PROJECTS = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const CONTRACT_INDEX = path.join(ROOT, 'packages/contract/src/index.ts');

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const mappingFile = path.resolve(
  args.find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'scripts/contract-export-names.json'),
);
const { renames } = JSON.parse(fs.readFileSync(mappingFile, 'utf8'));
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
for (const [from, to] of Object.entries(renames)) {
  if (!IDENT.test(from) || !IDENT.test(to)) throw new Error(`not an identifier: ${from} → ${to}`);
}
const targets = Object.values(renames);
const dupTargets = targets.filter((t, i) => targets.indexOf(t) !== i);
if (dupTargets.length) throw new Error(`two names renamed to the same: ${[...new Set(dupTargets)].join(', ')}`);

/** A language service over one tsconfig's files, reading files from disk. */
function serviceFor(project) {
  const configPath = path.join(ROOT, project, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath));
  const files = parsed.fileNames.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f) && !/(node_modules|\/dist\/)/.test(f));
  const host = {
    getScriptFileNames: () => files,
    getScriptVersion: () => '0',
    getScriptSnapshot: (f) => (fs.existsSync(f) ? ts.ScriptSnapshot.fromString(fs.readFileSync(f, 'utf8')) : undefined),
    getCurrentDirectory: () => path.dirname(configPath),
    getCompilationSettings: () => parsed.options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  return { project, files, service: ts.createLanguageService(host, ts.createDocumentRegistry()) };
}

/** Where each exported name of the contract is declared: file and the position of its name. */
function contractDeclarations(service) {
  const program = service.getProgram();
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(CONTRACT_INDEX);
  const found = new Map();
  for (const sym of checker.getExportsOfModule(checker.getSymbolAtLocation(index))) {
    const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
    const decl = target.declarations?.[0];
    const name = decl && ts.getNameOfDeclaration(decl);
    if (name) found.set(sym.name, { file: decl.getSourceFile().fileName, pos: name.getStart() });
  }
  return found;
}

const services = PROJECTS.filter((p) => fs.existsSync(path.join(ROOT, p, 'tsconfig.json'))).map(serviceFor);
const contract = services.find((s) => s.project === 'packages/contract');
const declared = contractDeclarations(contract.service);

const todo = [];
const skipped = [];
for (const [from, to] of Object.entries(renames)) {
  if (declared.has(from) && !declared.has(to)) todo.push([from, to]);
  else if (!declared.has(from) && declared.has(to)) skipped.push(`${from} → ${to} (done already)`);
  else if (declared.has(from)) throw new Error(`${to} is already exported by the contract (renaming ${from})`);
  else skipped.push(`${from} → ${to} (neither name is exported by the contract: removed or renamed since?)`);
}

/** file → Map(start → { end, text, from, to }) */
const edits = new Map();
let count = 0;
for (const [from, to] of todo) {
  const { file, pos } = declared.get(from);
  for (const { project, files, service } of services) {
    if (!files.some((f) => path.resolve(f) === file) && !service.getProgram().getSourceFile(file)) continue;
    const locations =
      service.findRenameLocations(file, pos, false, false, { providePrefixAndSuffixTextForRename: true }) ?? [];
    for (const loc of locations) {
      if (/(node_modules|\/dist\/)/.test(loc.fileName)) continue;
      const text = (loc.prefixText ?? '') + to + (loc.suffixText ?? '');
      const start = loc.textSpan.start;
      const end = start + loc.textSpan.length;
      let m = edits.get(loc.fileName);
      if (!m) edits.set(loc.fileName, (m = new Map()));
      const prev = m.get(start);
      if (prev && (prev.end !== end || prev.text !== text)) {
        throw new Error(`${project}: two different edits at ${loc.fileName}:${start} (${prev.from}, ${from})`);
      }
      if (!prev) {
        m.set(start, { end, text, from, to });
        count++;
      }
    }
  }
}

/**
 * Two places where keeping the old name as an alias is correct but pointless, made plain:
 * - a destructured binding `const { oreResidue } = await import(...)`: the rename gives
 *   `{ remainingHours: oreResidue }`; the local is renamed too, so it reads `{ remainingHours }`;
 * - a re-export `export type { Occorrenza }` of an imported name: the rename gives
 *   `export type { Occurrence as Occorrenza }`; made `export type { Occurrence }` when no other file
 *   uses the old name (checked after writing, below).
 */
const sourceOf = (file) => {
  for (const { service } of services) {
    const sf = service.getProgram().getSourceFile(file);
    if (sf) return { sf, service };
  }
  return undefined;
};
const nodeAt = (sf, pos) => {
  let found;
  const visit = (n) => {
    if (pos >= n.getStart(sf) && pos < n.getEnd()) {
      found = n;
      ts.forEachChild(n, visit);
    }
  };
  visit(sf);
  return found;
};
const reexports = [];
for (const [file, m] of edits) {
  const src = sourceOf(file);
  if (!src) continue;
  for (const [start, e] of [...m.entries()]) {
    const node = nodeAt(src.sf, start);
    const parent = node?.parent;
    if (parent && ts.isExportSpecifier(parent) && !parent.propertyName && e.text === `${e.to} as ${e.from}`) {
      reexports.push({ file, from: e.from, to: e.to });
    } else if (
      parent &&
      ts.isBindingElement(parent) &&
      !parent.propertyName &&
      ts.isObjectBindingPattern(parent.parent) &&
      e.text === `${e.to}: ${e.from}`
    ) {
      const locals = src.service.findRenameLocations(file, start, false, false, {}) ?? [];
      for (const loc of locals) {
        if (loc.fileName !== file) continue;
        const end = loc.textSpan.start + loc.textSpan.length;
        const prev = m.get(loc.textSpan.start);
        if (prev && prev.end !== end) throw new Error(`overlapping edits in ${file} at ${loc.textSpan.start}`);
        if (!prev) count++;
        m.set(loc.textSpan.start, { end, text: e.to, from: e.from, to: e.to });
      }
    }
  }
}

/** Identifier tokens of a file (the scanner: strings, templates' text and comments are not identifiers). */
function identifiers(file, text) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, file.endsWith('x') ? 1 : 0, text);
  const names = new Set();
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    if (k === ts.SyntaxKind.Identifier) names.add(scanner.getTokenText());
  }
  return names;
}

const conflicts = [];
for (const [file, m] of edits) {
  const text = fs.readFileSync(file, 'utf8');
  const names = identifiers(file, text);
  const newNames = new Set([...m.values()].map((e) => e.to));
  for (const n of newNames) if (names.has(n)) conflicts.push(`${path.relative(ROOT, file)}: ${n} already used`);
}
if (conflicts.length) {
  console.error(`Conflicts (nothing written); change these names in the mapping:\n  ${conflicts.join('\n  ')}`);
  process.exit(1);
}

for (const [file, m] of edits) {
  let text = fs.readFileSync(file, 'utf8');
  const sorted = [...m.entries()].sort((a, b) => b[0] - a[0]);
  let lastStart = Infinity;
  for (const [start, e] of sorted) {
    if (e.end > lastStart) throw new Error(`overlapping edits in ${file} at ${start}`);
    text = text.slice(0, start) + e.text + text.slice(e.end);
    lastStart = start;
  }
  if (!dryRun) fs.writeFileSync(file, text);
}

const aliased = [];
for (const r of reexports) {
  if (dryRun) break;
  const usedElsewhere = services.some(({ files }) =>
    files.some((f) => f !== r.file && identifiers(f, fs.readFileSync(f, 'utf8')).has(r.from)),
  );
  const text = fs.readFileSync(r.file, 'utf8');
  const alias = `${r.to} as ${r.from}`;
  if (usedElsewhere || text.split(alias).length !== 2) aliased.push(`${path.relative(ROOT, r.file)}: ${alias}`);
  else fs.writeFileSync(r.file, text.replace(alias, r.to));
}

for (const s of skipped) console.log(`skipped ${s}`);
for (const a of aliased) console.log(`kept the re-export's old name (other files import it): ${a}`);
console.log(
  `${dryRun ? 'would rename' : 'renamed'} ${todo.length} exports: ${count} references in ${edits.size} files` +
    (dryRun ? ' (dry run, nothing written)' : ''),
);
if (!dryRun && edits.size) console.log('Next: npx prettier --write on the changed files (names change length).');
