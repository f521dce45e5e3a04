/**
 * Screening (lib/screening.ts, transforms/mrtr/detect/screen.ts): from 400 candidate files a run analyses them a batch
 * at a time for push calls, lets each batch's trees go, and goes on with the files where one was found. It must find
 * what one program over every candidate finds, and report and rewrite the same: checked here on a project whose ask
 * is proven only through a caller in another file (screened in another batch), and on every folder fixture and
 * example, screened one candidate at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditWithTexts } from '../api/index.js';
import type { Report } from '../lib/model.js';
import { AnalysisProject } from '../lib/project.js';
import { screenBatch, screenFrom } from '../lib/screening.js';
import { auditFiles } from '../transforms/mrtr/auditFiles.js';
import { mayHoldSite } from '../transforms/mrtr/prefilter.js';
import { screenCandidates } from '../transforms/mrtr/detect/screen.js';
import { discoverFixtures, REPO_ROOT } from './support/fixtures.js';

// Counts the runs that screened (the wrapper calls the real function): a test that screened nothing proves nothing.
const screened = vi.hoisted(() => ({ runs: 0, parsedAhead: [] as number[] }));
vi.mock('../transforms/mrtr/detect/screen.js', async (original) => {
  const real = await original<typeof import('../transforms/mrtr/detect/screen.js')>();
  return {
    ...real,
    screenCandidates: (project: AnalysisProject, candidates: string[], isTestFile?: (absPath: string) => boolean) => {
      if (project.screens(candidates.length)) {
        screened.runs++;
        screened.parsedAhead.push(project.loadedPaths().size);
      }
      return real.screenCandidates(project, candidates, isTestFile);
    },
  };
});

const SETTINGS = ['MCP_MRTR_SCREEN_FROM', 'MCP_MRTR_SCREEN_BATCH'] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
const screenAll = (batch: number) => {
  process.env.MCP_MRTR_SCREEN_FROM = '0';
  process.env.MCP_MRTR_SCREEN_BATCH = String(batch);
};
const screenNone = () => {
  process.env.MCP_MRTR_SCREEN_FROM = String(Number.MAX_SAFE_INTEGER);
  delete process.env.MCP_MRTR_SCREEN_BATCH;
};
beforeEach(() => {
  screened.runs = 0;
  screened.parsedAhead = [];
});
afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const entry = (file: string, text: string) => ({ absPath: `/virtual/${file}`, file, text, bytes: text.length });

/** The server, a helper whose parameter is the server only through its caller, and files that look like asks. */
const FILES: Array<[string, string]> = [
  [
    'server.ts',
    [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { confirm } from './helpers/confirm.js';",
      "import { Mailer } from './mail/mailer.js';",
      "import { Tree } from './tree.js';",
      "const server = new McpServer({ name: 'screened', version: '1.0.0' });",
      "server.registerTool('remove', { description: 'remove a file' }, async () => {",
      "  const ok = await confirm(server, 'notes.txt');",
      "  return { content: [{ type: 'text', text: ok ? 'removed' : 'kept' }] };",
      '});',
      "export const sent = new Mailer('https://mail.internal').createMessage('owner');",
      'export const roots = new Tree().listRoots();',
      '',
    ].join('\n'),
  ],
  [
    'helpers/confirm.ts',
    [
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
      'export async function confirm(mcp: any, file: string): Promise<boolean> {',
      '  const answer = await mcp.server.elicitInput({',
      '    message: `Remove ${file}?`,',
      "    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },",
      '  });',
      "  return answer.action === 'accept';",
      '}',
      '',
    ].join('\n'),
  ],
  [
    'mail/mailer.ts',
    [
      'export class Mailer {',
      '  constructor(private readonly baseUrl: string) {}',
      '  async request(route: string): Promise<string> {',
      '    return `${this.baseUrl}${route}`;',
      '  }',
      '  async createMessage(to: string): Promise<string> {',
      '    const server = new Mailer(this.baseUrl);',
      '    return server.request(`/messages/${to}`);',
      '  }',
      '}',
      '',
    ].join('\n'),
  ],
  [
    'tree.ts',
    [
      "import { Mailer } from './mail/mailer.js';",
      'export class Tree {',
      "  listRoots(): string[] { return ['/']; }",
      '}',
      "export const server = new Mailer('x');",
      "export const again = () => server.createMessage('root');",
      '',
    ].join('\n'),
  ],
];

/** The project as the runner builds it: searches limited to the SDK's reach; and its candidates, in discovery order. */
function projectOf(files: Array<[string, string]>): { project: AnalysisProject; candidates: string[] } {
  const project = new AnalysisProject(
    '/virtual',
    files.map(([file, text]) => entry(file, text)),
  );
  project.limitSearchesTo(project.sdkReach());
  const candidates = files.filter(([, text]) => mayHoldSite(text)).map(([file]) => `/virtual/${file}`);
  return { project, candidates };
}

describe('the settings', () => {
  it('screen from 400 candidates, 100 at a time, unless set to a whole number (at least 0, and at least 1)', () => {
    expect([screenFrom({}), screenBatch({})]).toEqual([400, 100]);
    expect(screenFrom({ MCP_MRTR_SCREEN_FROM: '0' })).toBe(0);
    expect(screenBatch({ MCP_MRTR_SCREEN_BATCH: '3' })).toBe(3);
    for (const bad of ['', ' ', '-1', '2.5', 'many']) expect(screenFrom({ MCP_MRTR_SCREEN_FROM: bad })).toBe(400);
    for (const bad of ['0', '-1', '1e400', 'x']) expect(screenBatch({ MCP_MRTR_SCREEN_BATCH: bad })).toBe(100);
  });
});

describe('screenCandidates', () => {
  it('keeps the files with a push call, proven through a caller another batch parsed, and lets every tree go', () => {
    screenAll(1);
    const { project, candidates } = projectOf(FILES);
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    expect(screenCandidates(project, candidates, undefined)).toEqual(['/virtual/helpers/confirm.ts']);
    expect([...project.loadedPaths()]).toEqual([]);
    // Parsed and let go, still counted.
    expect(project.filesParsed()).toBeGreaterThanOrEqual(candidates.length);
  });

  it('below the threshold, or when a file shares its names without an import, keeps every candidate unparsed', () => {
    const { project, candidates } = projectOf(FILES);
    process.env.MCP_MRTR_SCREEN_FROM = String(candidates.length + 1);
    expect(screenCandidates(project, candidates, undefined)).toEqual(candidates);
    screenAll(1);
    const script = projectOf([...FILES, ['globals.js', 'var shared = 1;\n']]);
    expect(script.project.screens(script.candidates.length)).toBe(false);
    expect(screenCandidates(script.project, script.candidates, undefined)).toEqual(script.candidates);
    expect(project.filesParsed() + script.project.filesParsed()).toBe(0);
  });

  it('plans the same sites and edits as one program over every candidate, whatever the batch size', () => {
    const planOf = () => {
      const { project, candidates } = projectOf(FILES);
      const plan = auditFiles(project, candidates);
      return JSON.stringify({ sites: plan.sites, edits: [...plan.edits], files: [...(plan.files ?? [])] });
    };
    screenNone();
    const whole = planOf();
    expect(whole).toContain('helpers/confirm.ts');
    for (const batch of [1, 2, 100]) {
      screenAll(batch);
      expect(planOf()).toBe(whole);
    }
  });
});

describe('a run that screens', () => {
  it('parses no candidate ahead of the screening, even to show progress', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-screening-'));
    try {
      for (const [file, text] of FILES) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      screenAll(1);
      const phases = new Set<string>();
      const { report } = await auditWithTexts({
        paths: [dir],
        onProgress: (_done, _total, phase) => phases.add(phase),
      });
      expect(report.sites.map((site) => `${site.file}:${site.line}`)).toEqual(['helpers/confirm.ts:3']);
      expect(screened.parsedAhead).toEqual([0]);
      expect([...phases].filter((phase) => phase !== 'rewrite')).toEqual(['analyse']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every folder fixture and example, screened one candidate at a time', () => {
  const temps: string[] = [];
  afterAll(() => {
    for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const portable = (report: Report, root: string) =>
    JSON.parse(
      JSON.stringify({ ...report, root: '<root>' })
        .split(JSON.stringify(root).slice(1, -1))
        .join('<root>'),
    );

  it('reports and plans the same texts as one program', async () => {
    const targets = [
      ...discoverFixtures()
        .filter((fixture) => fixture.isFolder)
        .map((fixture) => fixture.inputPath),
      ...fs
        .readdirSync(path.join(REPO_ROOT, 'examples'))
        .map((name) => path.join(REPO_ROOT, 'examples', name))
        .filter((dir) => fs.existsSync(path.join(dir, 'package.json'))),
    ];
    expect(targets.length).toBeGreaterThan(40);
    let screenedTargets = 0;
    for (const source of targets) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-screening-'));
      temps.push(dir);
      fs.cpSync(source, dir, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
      const options = { paths: [dir], diff: true, typecheck: false, prettier: false as const };
      screenNone();
      const whole = await auditWithTexts(options);
      screenAll(1);
      const runsBefore = screened.runs;
      const batched = await auditWithTexts(options);
      if (screened.runs > runsBefore) screenedTargets++;
      expect(portable(batched.report, dir), source).toEqual(portable(whole.report, dir));
      expect([...batched.texts], source).toEqual([...whole.texts]);
    }
    // Most targets are modules only, where the screening runs.
    expect(screenedTargets).toBeGreaterThan(targets.length / 2);
  }, 600_000);
});
