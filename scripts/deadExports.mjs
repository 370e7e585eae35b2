// `node scripts/deadExports.mjs`: every export of src/ that no other file imports, read from the
// TypeScript syntax of src/, test/, bench/, demo/ and build/. An export passed on by a re-export
// (a feature's index.ts) counts as used only when someone imports it through that re-export, so an
// index entry nobody imports is listed too, as "(re-export)". Each line says whether the module
// uses the name itself ("used inside": un-export it) and whether only tests import it.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(process.argv[2] ?? '.');
const FOLDERS = ['src', 'test', 'bench', 'demo', 'build'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'fixtures') return [];
    return entry.isDirectory() ? listFiles(path) : SOURCE.test(entry.name) ? [path] : [];
  });
}

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

const hasExport = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some(({ kind }) => kind === ts.SyntaxKind.ExportKeyword);

/** The names a module declares as exports of its own (not those it passes on from another). */
function ownExports(source) {
  const names = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    } else if (ts.isExportAssignment(statement)) {
      names.push('default');
    } else if (hasExport(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const { name } of statement.declarationList.declarations) {
          if (ts.isIdentifier(name)) names.push(name.text);
        }
      } else if (statement.name) {
        names.push(statement.name.text);
      }
    }
  }
  return names;
}

const files = FOLDERS.flatMap((folder) => listFiles(join(ROOT, folder)));
/** `${file}#${name}` → importing files. */
const imports = new Map();
/** `${file}#${name}` → the `${file}#${name}` it passes on. */
const reexports = new Map();
/** Files whose every export counts as used (import * as, import(), typeof import). */
const wholeModules = new Set();
const sources = new Map();

const use = (key, by) => imports.set(key, [...(imports.get(key) ?? []), by]);

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  sources.set(file, { source, text });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveSpecifier(file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (target && clause) {
        if (clause.name) use(`${target}#default`, file);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) wholeModules.add(target);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            use(`${target}#${(element.propertyName ?? element.name).text}`, file);
          }
        }
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const target = resolveSpecifier(file, node.moduleSpecifier.text);
      if (target && node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) {
          const original = (element.propertyName ?? element.name).text;
          reexports.set(`${file}#${element.name.text}`, `${target}#${original}`);
        }
      } else if (target) {
        wholeModules.add(target);
      }
    } else if (
      (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) ||
      ts.isImportTypeNode(node)
    ) {
      const argument = ts.isImportTypeNode(node) ? node.argument.literal : node.arguments[0];
      const target =
        argument && ts.isStringLiteral(argument) && resolveSpecifier(file, argument.text);
      if (target) wholeModules.add(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** The files that import `key`, directly or through re-exports of it that someone imports. */
function importers(key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const direct = imports.get(key) ?? [];
  const through = [...reexports]
    .filter(([, original]) => original === key)
    .flatMap(([passedOn]) => importers(passedOn, seen));
  return [...direct, ...through];
}

const isTest = (file) => relative(ROOT, file).startsWith('test/');
const report = [];
for (const file of files.filter((path) => relative(ROOT, path).startsWith('src/'))) {
  if (wholeModules.has(file)) continue;
  const { source, text } = sources.get(file);
  const entries = [
    ...ownExports(source).map((name) => ({ name, reexport: false })),
    ...[...reexports.keys()]
      .filter((key) => key.startsWith(`${file}#`))
      .map((key) => ({ name: key.slice(file.length + 1), reexport: true })),
  ];
  for (const { name, reexport } of entries) {
    const users = importers(`${file}#${name}`).filter((user) => user !== file);
    const where = relative(ROOT, file);
    if (users.length === 0) {
      const inside =
        !reexport && (text.match(new RegExp(`\\b${name}\\b`, 'g')) ?? []).length > 1
          ? ' (used inside)'
          : '';
      report.push(`dead  ${where}  ${name}${reexport ? ' (re-export)' : ''}${inside}`);
    } else if (users.every(isTest)) {
      report.push(`tests ${where}  ${name}`);
    }
  }
}
console.log(report.sort().join('\n'));
