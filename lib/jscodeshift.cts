// The jscodeshift entry (`transforms/mrtr/jscodeshift.js` re-exports it): the same plan as the CLI, file by file.
// jscodeshift hands a transform one file at a time, but a site's verdict depends on other files (a helper's
// callers, a handler's asks across files). So each file's analysis root (the nearest folder with a
// package.json or .git, or `--mrtr-root=<dir>`) is audited whole, once per worker process, and each file
// gets its own planned text from that audit.
// Why CommonJS, and why the audit runs in a child process: jscodeshift loads transforms with require() under
// babel's require hook (its default `--babel`), which compiles every file it loads into CommonJS, ES modules
// and the TypeScript compiler included. This file survives that; the audit runs in a plain node process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Report } from './model.js' with { 'resolution-mode': 'import' };
import type { PlannedTexts } from './runner.js' with { 'resolution-mode': 'import' };

export interface JscodeshiftFile {
  path: string;
  source: string;
}

export interface JscodeshiftApi {
  report?: (message: string) => void;
}

/** Options jscodeshift passes through from its command line (unknown flags keep their dashed names). */
export interface JscodeshiftOptions {
  /** `--mrtr-root=<dir>`: the folder to analyse (default: the file's nearest folder with a package.json or .git). */
  'mrtr-root'?: string;
  /** `--tsconfig=<path>` as for the CLI. */
  tsconfig?: string;
  /** `--prettier=true`: format each changed file with the project's prettier configuration, as the CLI's `--prettier`. */
  prettier?: boolean;
  [option: string]: unknown;
}

interface RootPlan {
  report: Report;
  texts: PlannedTexts;
}

const plans = new Map<string, Promise<RootPlan>>();

/**
 * The transform: returns the file's migrated text, the source itself when the plan leaves it unchanged, and
 * throws (jscodeshift reports an error) when the file cannot be analysed or rewritten. Review items of the
 * file are passed to `api.report` as `line:column mrtr/<reason-id>: <message>`.
 */
async function transform(file: JscodeshiftFile, api: JscodeshiftApi = {}, options: JscodeshiftOptions = {}): Promise<string> {
  const absPath = path.resolve(file.path);
  const root = typeof options['mrtr-root'] === 'string' ? path.resolve(options['mrtr-root']) : findRoot(absPath);
  const key = JSON.stringify([root, options.tsconfig ?? null, options.prettier === true]);
  let plan = await planOf(key, root, options);
  const planned = plan.texts.get(absPath);
  if (planned && planned.before !== file.source) {
    // The file changed since the plan was made (another worker migrated it, or an earlier run): plan again.
    plans.delete(key);
    plan = await planOf(key, root, options);
  }
  const relative = path.relative(plan.report.root, absPath).split(path.sep).join('/');
  const entry = plan.report.files.find((f) => f.file === relative);
  if (entry?.status === 'error') throw new Error(entry.problem?.message ?? `${relative}: could not be migrated`);
  for (const site of plan.report.sites) {
    if (site.file === relative && site.decision === 'review') api.report?.(`${site.line}:${site.column} ${site.transform}/${site.reason}: ${site.message}`);
  }
  const after = plan.texts.get(absPath);
  return after && after.before === file.source ? after.after : file.source;
}

// The module is the function: an ES module importing it gets it as default, babel's interop too.
module.exports = transform;

function planOf(key: string, root: string, options: JscodeshiftOptions): Promise<RootPlan> {
  let plan = plans.get(key);
  if (!plan) {
    plan = planInChild({ paths: [root], ...(typeof options.tsconfig === 'string' ? { tsconfig: options.tsconfig } : {}), prettier: options.prettier === true });
    plans.set(key, plan);
  }
  return plan;
}

const PLAN_SCRIPT = path.join(__dirname, 'planTexts.js');

function planInChild(auditOptions: { paths: string[]; tsconfig?: string; prettier: boolean }): Promise<RootPlan> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PLAN_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`mcp-mrtr-codemod audit of ${auditOptions.paths.join(', ')} failed: ${Buffer.concat(err).toString().trim()}`));
      const parsed = JSON.parse(Buffer.concat(out).toString()) as { report: Report; texts: Array<[string, { before: string; after: string }]> };
      resolve({ report: parsed.report, texts: new Map(parsed.texts) });
    });
    child.stdin.end(JSON.stringify(auditOptions));
  });
}

function findRoot(absPath: string): string {
  let dir = path.dirname(absPath);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) || fs.existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.dirname(absPath);
    dir = parent;
  }
}
