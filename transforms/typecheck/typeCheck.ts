// The type check of the migrated project: its own tsconfig, its installed dependencies, compiled twice (the texts on
// disk, then with the run's changes laid over them), and every error the second has that the first had not is a
// review item, with where it comes from. The compiler is the project's own (`typescript` as it resolves from the
// tsconfig's folder): the version, the libraries and the settings its build uses. Nothing is written.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findingOf, inUserLines } from '../../lib/findings.js';
import type { Check, Finding } from '../../lib/model.js';
import type { VerifyContext, VerifyResult } from '../../lib/transform.js';
import type { ts as TypeScript } from '../../lib/tsMorph.cjs';

type TS = typeof TypeScript;
import { TYPECHECK_ID } from './ids.js';
import { describeLent, installedDir, lendingHost, lentPackages, readText, type LentPackage } from './lend.js';
import { REASONS } from './reasons.js';
import { introducedErrors, repairLoop } from './repairLoop.js';

/** The catalogue the type check's findings are made from. */
const TYPECHECK = { id: TYPECHECK_ID, reasons: REASONS };

const COMPILED = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Cannot find module / no declaration file: a package the migration adds that is not installed yet. */
const MISSING_MODULE_CODES = new Set([2307, 2792, 7016]);
/** Declared but never read (noUnusedLocals, noUnusedParameters). */
const UNUSED_CODES = new Set([6133, 6138, 6192, 6196, 6198, 6199, 6205]);

export function typeCheckMigration(context: VerifyContext): VerifyResult {
  if (![...context.after.keys()].some((file) => COMPILED.test(file))) return { findings: [] };
  const configPath = context.tsconfig ? path.resolve(context.tsconfig) : path.join(context.root, 'tsconfig.json');
  // A project without a tsconfig (JavaScript, loose files) has no type check of its own to keep passing.
  if (!fs.existsSync(configPath)) return { findings: [] };
  const shown = path.relative(context.root, configPath) || configPath;
  const installRoot = installRootOf(path.dirname(configPath));
  if (!installRoot)
    return skipped(
      `type check skipped: the dependencies are not installed (no node_modules); after \`npm install\`, run \`npx tsc --noEmit -p ${shown}\` on the migrated project`,
    );
  const ts = projectTypeScript(path.dirname(configPath), installRoot);
  if (!ts)
    return skipped(
      `type check skipped: the project has no \`typescript\` installed; run your own type check (\`tsc --noEmit -p ${shown}\`) on the migrated project`,
    );
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!parsed)
    return skipped(`type check skipped: ${shown} does not load; run \`npx tsc --noEmit -p ${shown}\` by hand`);
  const options: TypeScript.CompilerOptions = { ...parsed.options, noEmit: true };
  const host = cachingHost(ts, options);
  // What the migration adds to package.json and is not installed yet is read from the codemod's own install.
  const lent = lentPackages(context.after, context.before);
  const program = (overlay: Map<string, string>, oldProgram?: TypeScript.Program) =>
    ts.createProgram({
      rootNames: parsed.fileNames,
      options,
      host: overlaid(ts, overlay.size > 0 ? lendingHost(host, lent) : host, overlay),
      ...(parsed.projectReferences ? { projectReferences: parsed.projectReferences } : {}),
      ...(oldProgram ? { oldProgram } : {}),
    });
  const beforeProgram = program(new Map());
  // The old program's module resolutions would keep the unchanged files on the packages as installed.
  const afterProgram = program(context.after, lent.length > 0 ? undefined : beforeProgram);
  // Where the migration's errors are: the files it changed or created, the files that import one of them, and the
  // files that import a package it adds or raises (zod 3 -> 4). Only those are checked (in both programs): a large
  // project is not type-checked whole, twice.
  const checked = affectedFiles(afterProgram, context.after);
  const raised = new Set(lent.map((p) => p.name));
  for (const file of afterProgram.getSourceFiles())
    if (!file.isDeclarationFile && !file.fileName.includes('/node_modules/') && importsAny(file.text, raised))
      checked.add(path.resolve(file.fileName));
  const before = errorsOf(ts, beforeProgram, context.root, checked);
  // The new errors of a known class are repaired (repairLoop.ts): in the files the run changes and the project's
  // other files it checks, never in a module the run creates.
  const repairable = (absPath: string) =>
    checked.has(absPath) &&
    (context.inRun?.(absPath) ?? true) &&
    !absPath.includes(`${path.sep}node_modules${path.sep}`) &&
    (context.before.has(absPath) || (!context.after.has(absPath) && fs.existsSync(absPath)));
  const loop = repairLoop(
    ts,
    context.after,
    afterProgram,
    before,
    errorsOf(ts, afterProgram, context.root, checked),
    (texts, old) => program(texts, old),
    (next) => errorsOf(ts, next, context.root, checked),
    repairable,
  );
  const repairedTexts = new Map<string, string>();
  const beforeTexts = new Map(context.before);
  for (const [absPath, text] of loop.texts) {
    if (context.after.get(absPath) === text) continue;
    repairedTexts.set(absPath, text);
    if (!context.after.has(absPath)) beforeTexts.set(absPath, readText(absPath) ?? '');
  }
  const repairedContext = { ...context, before: beforeTexts, after: loop.texts };
  const result = resultOf(before, loop.after, repairedContext, shown, lent, loop.repaired);
  if (repairedTexts.size === 0) return result;
  // Each resolved finding at the user's line, as the role that made it reports it (lib/findings.ts inUserLines).
  const resolved = loop.resolved.map((r) => {
    const file = path.relative(context.root, r.absPath).split(path.sep).join('/');
    const [found] = inUserLines(
      [findingOf(TYPECHECK, 'post-migration-type-error', { file, line: r.line }, '')],
      beforeTexts.get(r.absPath),
      r.text,
    );
    return { transform: r.transform, reason: r.reason, file, line: found!.line };
  });
  return { ...result, repaired: repairedTexts, resolved };
}

/** The errors `after` has that `before` had not (as many times as they occur), as findings and the summary line. */
function resultOf(
  before: TypeError[],
  after: TypeError[],
  context: VerifyContext,
  shown: string,
  lent: readonly LentPackage[],
  repaired: Map<string, number>,
): VerifyResult {
  const introduced = introducedErrors(before, after);
  const missing = new Set<string>();
  let unresolved = 0;
  const findings: Finding[] = [];
  const missingModule = (error: TypeError) => {
    const module = MISSING_MODULE_CODES.has(error.code) ? /['"]([^'"]+)['"]/.exec(error.message)?.[1] : undefined;
    if (!module || module.startsWith('.')) return undefined;
    // The package, not the subpath (`@modelcontextprotocol/server/stdio`): what `npm install` brings.
    const name = module
      .split('/')
      .slice(0, module.startsWith('@') ? 2 : 1)
      .join('/');
    if (installedDir(name, context.root) || lent.some((p) => p.name === name)) return undefined;
    return name;
  };
  for (const error of introduced) {
    const module = missingModule(error);
    if (module) missing.add(module);
  }
  // In a file that imports a package not installed yet, what comes from it is `any` and the errors that follow
  // (an implicit any in a callback, a missing overload) are the check's, not the migration's: counted, not listed.
  let hidden = 0;
  for (const error of introduced) {
    if (missingModule(error)) {
      unresolved += 1;
      continue;
    }
    if (importsAny(context.after.get(path.resolve(error.absPath ?? '')), missing)) {
      hidden += 1;
      continue;
    }
    const found = findingOf(
      TYPECHECK,
      'post-migration-type-error',
      { file: error.file, line: error.line },
      `TS${error.code}: ${error.message} (${originOf(error, context, lent)})`,
    );
    // The error is found in the migrated text; its line is the user's, as the file is before the migration.
    const absPath = path.resolve(error.absPath ?? '');
    const after = context.after.get(absPath);
    findings.push(...(after === undefined ? [found] : inUserLines([found], context.before.get(absPath), after)));
  }
  if (missing.size > 0)
    findings.push(
      findingOf(
        TYPECHECK,
        'type-check-incomplete',
        { file: shown, line: 1 },
        `not installed yet: ${[...missing].sort().join(', ')}: after \`npm install\`, run \`npx tsc --noEmit -p ${shown}\``,
      ),
    );
  const errors = findings.filter((f) => f.reason === 'post-migration-type-error').length;
  const notInstalled = [...missing].sort().join(', ');
  const incomplete =
    hidden > 0
      ? `; ${hidden} more in files that import packages not installed yet (${notInstalled}) are not listed: after \`npm install\`, run \`npx tsc --noEmit -p ${shown}\``
      : missing.size > 0
        ? `; not installed yet, so not checked: ${notInstalled}`
        : '';
  const borrowed =
    lent.length > 0
      ? `; not installed yet, checked against the codemod's own ${describeLent(lent)}: after \`npm install\`, run \`npx tsc --noEmit -p ${shown}\` to confirm with the versions installed`
      : '';
  const repairedCount = [...repaired.values()].reduce((sum, n) => sum + n, 0);
  // The errors the loop repaired: their classes, so that a reviewer knows what changed beyond the plan.
  const fixed =
    repairedCount > 0
      ? `; ${repairedCount} more repaired (${[...repaired].map(([id, n]) => `${id} ${n}`).join(', ')})`
      : '';
  const check: Check = {
    transform: TYPECHECK_ID,
    status: errors > 0 ? 'failed' : hidden > 0 ? 'skipped' : 'passed',
    summary:
      errors > 0
        ? `type check (${shown}): the migration introduces ${errors} type error${errors === 1 ? '' : 's'} (review items ${TYPECHECK_ID}/post-migration-type-error)${fixed}${borrowed}${incomplete}`
        : hidden > 0
          ? `type check (${shown}): incomplete, no new type error in the files it could check${fixed}${borrowed}${incomplete}`
          : `type check (${shown}): no new type errors (${before.length} before the migration, ${after.length - unresolved} after)${fixed}${borrowed}${incomplete}`,
  };
  return { findings, check };
}

/** Whether a (migrated) text imports one of these packages, or a subpath of one. */
function importsAny(text: string | undefined, packages: Set<string>): boolean {
  if (!text || packages.size === 0) return false;
  return [...packages].some((name) =>
    new RegExp(`['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^'"]*)?['"]`).test(text),
  );
}

interface TypeError {
  key: string;
  file: string;
  line: number;
  code: number;
  message: string;
  absPath?: string;
  start?: number;
  length?: number;
}

/** The project's own TypeScript, resolved from its tsconfig's folder as its build resolves it; undefined if absent. */
function projectTypeScript(dir: string, installRoot: string): TS | undefined {
  try {
    const require = createRequire(path.join(dir, 'package.json'));
    const resolved = require.resolve('typescript');
    // Installed with the project (in a node_modules from the tsconfig's folder up to the install root, links
    // followed), not found in an enclosing folder's node_modules.
    const own: string[] = [];
    for (let current = dir; ; current = path.dirname(current)) {
      const modules = path.join(current, 'node_modules');
      if (fs.existsSync(modules)) own.push(fs.realpathSync(modules) + path.sep);
      if (current === installRoot || path.dirname(current) === current) break;
    }
    if (!own.some((modules) => resolved.startsWith(modules))) return undefined;
    return require(resolved) as TS;
  } catch {
    return undefined;
  }
}

/**
 * The changed and created files, and the project files (not declarations, not node_modules) whose text imports one
 * of them by its name (`./notes.js`, `../tools/notes`): a cheap over-approximation of the direct importers.
 */
function affectedFiles(program: TypeScript.Program, changed: Map<string, string>): Set<string> {
  const affected = new Set([...changed.keys()].map((file) => path.resolve(file)));
  const stems = [...affected]
    .map((file) =>
      path
        .basename(file)
        .replace(/\.[cm]?[jt]sx?$/, '')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('|');
  const importsOne = new RegExp(
    `from\\s*['"][^'"]*\\b(${stems})(\\.[cm]?[jt]sx?)?['"]|(import|require)\\s*\\(\\s*['"][^'"]*\\b(${stems})`,
  );
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
    if (importsOne.test(file.text)) affected.add(path.resolve(file.fileName));
  }
  return affected;
}

function errorsOf(ts: TS, program: TypeScript.Program, root: string, files: Set<string>): TypeError[] {
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program
      .getSourceFiles()
      .filter((file) => files.has(path.resolve(file.fileName)))
      .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return diagnostics
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      const file = d.file ? path.relative(root, d.file.fileName).split(path.sep).join('/') : '';
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      // Lines move with the migration's edits: an error is the same one when its file, code and message are.
      return {
        key: `${file}\0${d.code}\0${message}`,
        file,
        line,
        code: d.code,
        message,
        absPath: d.file?.fileName,
        start: d.start,
        length: d.length,
      };
    });
}

/** Where an introduced error comes from: the line it is on, as the original, the v1 step and the rewrite left it. */
function originOf(error: TypeError, context: VerifyContext, lent: readonly LentPackage[]): string {
  const absPath = error.absPath ? path.resolve(error.absPath) : undefined;
  const after = absPath ? context.after.get(absPath) : undefined;
  if (after === undefined) {
    const text = absPath ? readText(absPath) : undefined;
    const raised = lent.filter((p) => importsAny(text, new Set([p.name])));
    return raised.length > 0
      ? `in a file the migration did not change: it uses ${describeLent(raised)}, which package.json now asks for; adapt the code to its API`
      : 'in a file the migration did not change: a changed file it uses has other types now';
  }
  // Declared but never read: the migration removed its last use (an ask it rewrote, a call the v1 step changed).
  if (UNUSED_CODES.has(error.code)) return 'the migration removed its last use; delete it';
  const line = after.split('\n')[error.line - 1]?.trim() ?? '';
  const has = (text: string | undefined) => text !== undefined && text.split('\n').some((l) => l.trim() === line);
  if (line && has(context.before.get(absPath!)))
    return 'on a line the migration did not change: a type it uses changed (the v2 SDK, or another change)';
  if (line && has(context.stepTexts.get(absPath!))) return 'from the v1-to-v2 step (the official codemod)';
  return context.before.has(absPath!) ? 'from the MRTR rewrite' : 'in a module the migration creates';
}

function skipped(summary: string): VerifyResult {
  return { findings: [], check: { transform: TYPECHECK_ID, status: 'skipped', summary } };
}

/**
 * The folder whose `node_modules` holds the project's dependencies: the tsconfig's folder or one above it, up to the
 * repository root (the first folder with `.git`). An enclosing project's `node_modules` above the repository (a
 * checkout inside another checkout) is not this project's install.
 */
function installRootOf(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'node_modules'))) return current;
    if (fs.existsSync(path.join(current, '.git')) || path.dirname(current) === current) return undefined;
  }
}

/** A compiler host that parses each file once for both programs (the libraries, node_modules' declarations). */
function cachingHost(ts: TS, options: TypeScript.CompilerOptions): TypeScript.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const cache = new Map<string, TypeScript.SourceFile | undefined>();
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = `${fileName}\0${typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion}`;
    if (!cache.has(key)) cache.set(key, getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return cache.get(key);
  };
  return host;
}

/** The host with the run's texts laid over the disk's (created files included). */
function overlaid(ts: TS, host: TypeScript.CompilerHost, texts: Map<string, string>): TypeScript.CompilerHost {
  if (texts.size === 0) return host;
  const byPath = new Map([...texts].map(([file, text]) => [path.resolve(file), text]));
  const textOf = (fileName: string) => byPath.get(path.resolve(fileName));
  return {
    ...host,
    fileExists: (fileName) => textOf(fileName) !== undefined || host.fileExists(fileName),
    readFile: (fileName) => textOf(fileName) ?? host.readFile(fileName),
    getSourceFile: (fileName, languageVersion, onError, shouldCreate) => {
      const text = textOf(fileName);
      return text === undefined
        ? host.getSourceFile(fileName, languageVersion, onError, shouldCreate)
        : ts.createSourceFile(fileName, text, languageVersion, true);
    },
  };
}
