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
import type { Report } from '../lib/model.js' with { 'resolution-mode': 'import' };
import type { PlannedTexts } from '../lib/apply.js' with { 'resolution-mode': 'import' };
import type { Strategy } from '../transforms/mrtr/options.js' with { 'resolution-mode': 'import' };

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
  /** `--strategy=auto|explicit|replay` as for the CLI (default `auto`). */
  strategy?: string;
  /** `--runtime-dir=<dir>` as for the CLI: the replay runtime module's folder, relative to the analysed root. */
  'runtime-dir'?: string;
  /** jscodeshift's own `--dry`: nothing is written, the generated runtime module included. */
  dry?: boolean;
  [option: string]: unknown;
}

interface RootPlan {
  report: Report;
  texts: PlannedTexts;
  /** Files the plan creates (the replay runtime module): not among jscodeshift's files, written by the entry. */
  created: Map<string, string>;
}

const plans = new Map<string, Promise<RootPlan>>();

/**
 * The transform: returns the file's migrated text, the source itself when the plan leaves it unchanged, and
 * throws (jscodeshift reports an error) when the file cannot be analysed or rewritten. Review items of the
 * file are passed to `api.report` as `line:column mrtr/<reason-id>: <message>`.
 */
async function transform(
  file: JscodeshiftFile,
  api: JscodeshiftApi = {},
  options: JscodeshiftOptions = {},
): Promise<string> {
  const absPath = path.resolve(file.path);
  const root = typeof options['mrtr-root'] === 'string' ? path.resolve(options['mrtr-root']) : findRoot(absPath);
  const key = JSON.stringify([
    root,
    options.tsconfig ?? null,
    options.prettier === true,
    options.strategy ?? null,
    options['runtime-dir'] ?? null,
  ]);
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
    if (site.file === relative && site.decision === 'review')
      api.report?.(`${site.line}:${site.column} ${site.transform}/${site.reason}: ${site.message}`);
  }
  const after = plan.texts.get(absPath);
  if (!after || after.before !== file.source) return file.source;
  // A file that will import a generated module (the replay runtime) needs it on disk: write it first.
  if (options.dry !== true) {
    for (const [created, text] of plan.created) {
      if (after.after.includes(`/${path.basename(created).replace(/\.[cm]?[jt]s$/, '')}`)) createOnce(created, text);
    }
  }
  return after.after;
}

/**
 * Create a generated file atomically (a temp file linked into place, so a kill leaves no partial file),
 * never over a file that exists: one with the same text is already done (another worker wrote it); any
 * other is an error naming the file.
 */
function createOnce(file: string, text: string): void {
  if (fs.existsSync(file)) {
    if (fs.readFileSync(file, 'utf8') === text) return;
    throw new Error(
      `${file}: exists with other content; the plan needs the generated module there (move the file, or run the CLI)`,
    );
  }
  // A folder given with --runtime-dir may not exist yet.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.mrtr-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  fs.writeFileSync(temp, text, { flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if (!(fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text)) throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

// The module is the function: an ES module importing it gets it as default, babel's interop too.
module.exports = transform;

function planOf(key: string, root: string, options: JscodeshiftOptions): Promise<RootPlan> {
  let plan = plans.get(key);
  if (!plan) {
    plan = planInChild({
      paths: [root],
      ...(typeof options.tsconfig === 'string' ? { tsconfig: options.tsconfig } : {}),
      ...(isStrategy(options.strategy) ? { strategy: options.strategy } : {}),
      ...(typeof options['runtime-dir'] === 'string' ? { runtimeDir: options['runtime-dir'] } : {}),
      prettier: options.prettier === true,
    });
    plans.set(key, plan);
  }
  return plan;
}

const PLAN_SCRIPT = path.join(__dirname, 'planTexts.js');

function isStrategy(value: unknown): value is Strategy {
  if (value === undefined) return false;
  if (value === 'auto' || value === 'explicit' || value === 'replay') return true;
  throw new Error(`--strategy=${String(value)}: expected auto, explicit or replay`);
}

function planInChild(auditOptions: {
  paths: string[];
  tsconfig?: string;
  strategy?: string;
  runtimeDir?: string;
  prettier: boolean;
}): Promise<RootPlan> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PLAN_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(
          new Error(
            `mcp-mrtr-codemod audit of ${auditOptions.paths.join(', ')} failed: ${Buffer.concat(err).toString().trim()}`,
          ),
        );
      const parsed = JSON.parse(Buffer.concat(out).toString()) as {
        report: Report;
        texts: Array<[string, { before: string; after: string }]>;
      };
      const texts = new Map(parsed.texts);
      const created = new Map<string, string>();
      for (const f of parsed.report.files) {
        const absPath = path.join(parsed.report.root, f.file);
        const planned = texts.get(absPath);
        if (f.created && planned) created.set(absPath, planned.after);
      }
      resolve({ report: parsed.report, texts, created });
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
