/**
 * AnalysisProject's search by name (callers, importers): the word filter must never hide a file that holds the name;
 * the SDK's reach, which decides which files are parsed and searched; the fast path of its specifier resolution.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnalysisProject, resolveDotted } from '../lib/project.js';

const entry = (file: string, text: string) => ({ absPath: `/virtual/${file}`, file, text, bytes: text.length });

describe('AnalysisProject.filesMentioning', () => {
  const project = new AnalysisProject('/virtual', [
    entry('a.ts', "import { confirmAction } from './tool-utils.js';\nexport const x = confirmAction;\n"),
    entry('b.ts', 'export function confirmActionLater() {}\nconst $confirm = 1; // confirm_action\n'),
    entry('c.ts', 'const é = "confirmAction"; export {};\n'),
    entry('tool-utils.ts', 'export function confirmAction() {}\n'),
    entry('d.ts', 'export const ünïcode = 1;\n'),
  ]);
  const files = (name: string) => project.filesMentioning(name).map((f) => f.getBaseName());

  it('finds whole words only, in every file that holds them', () => {
    expect(files('confirmAction')).toEqual(['a.ts', 'c.ts', 'tool-utils.ts']);
    expect(files('confirm')).toEqual([]);
    expect(files('ünïcode')).toEqual(['d.ts']);
  });

  it('finds names that are not single words (file stems) by a full search', () => {
    expect(files('tool-utils')).toEqual(['a.ts']);
  });
});

describe('AnalysisProject.sdkReach', () => {
  const reach = (entries: Array<[string, string]>) => {
    const found = new AnalysisProject(
      '/virtual',
      entries.map(([file, text]) => entry(file, text)),
    ).sdkReach();
    return found && [...found].map((absPath) => absPath.slice('/virtual/'.length)).sort();
  };
  const files: Array<[string, string]> = [
    [
      'server.ts',
      "import { McpServer } from '@modelcontextprotocol/server';\nimport { ask } from './tools/ask.js';\nexport const server = new McpServer({ name: 'n', version: '1' });\n",
    ],
    ['tools/ask.ts', "import { phrase } from '../text';\nexport const ask = (s: any) => s.createMessage(phrase);\n"],
    ['text/index.ts', "export const phrase = 'hi';\n"],
    ['notify.ts', "import { server } from './server.js';\nexport const roots = () => server.server.listRoots();\n"],
    ['notify-user.ts', 'import { roots } from "./notify";\nexport {};\n'],
    [
      'mail/client.ts',
      'export class Mail { createMessage() { return 1; } }\nexport const sent = new Mail().createMessage();\n',
    ],
    ['mail/index.ts', "export * from './client.js';\n"],
    ['lonely.ts', 'export const createMessage = () => 0;\n'],
  ];

  it('holds the files linked to one naming the SDK by relative imports, either way and through any number of files', () => {
    expect(reach(files)).toEqual(['notify-user.ts', 'notify.ts', 'server.ts', 'text/index.ts', 'tools/ask.ts']);
  });

  it('is empty when no file names the SDK', () => {
    expect(reach(files.filter(([file]) => !['server.ts'].includes(file)))).toEqual([]);
  });

  it('counts every file when names cross files without an import', () => {
    expect(reach([...files, ['legacy.js', 'var counter = 0;\n']])).toBeUndefined();
    expect(
      reach([
        ...files,
        [
          'globals.ts',
          "import type { McpServer } from '@modelcontextprotocol/server';\ndeclare global { var mcp: McpServer }\nexport {};\n",
        ],
      ]),
    ).toBeUndefined();
    expect(
      reach([...files, ['load.ts', 'export const load = (name: string) => import(`./tools/${name}.js`);\n']]),
    ).toBeUndefined();
  });
});

describe('AnalysisProject.sdkReach asked again', () => {
  it('gives the last answer until replaceTexts changes a text, then the new links’ answer', () => {
    const project = new AnalysisProject('/virtual', [
      entry(
        'server.ts',
        "import { McpServer } from '@modelcontextprotocol/server';\nexport const s = new McpServer();\n",
      ),
      entry('tool.ts', 'export const run = () => 1;\n'),
      entry('other.ts', 'export const other = 2;\n'),
    ]);
    const names = () => [...(project.sdkReach() ?? [])].map((f) => f.slice('/virtual/'.length)).sort();
    expect(names()).toEqual(['server.ts']);
    expect(project.sdkReach()).toBe(project.sdkReach());
    expect([...project.rootModulesOf('/virtual/tool.ts')]).toEqual([]);
    // The v1 step's output for tool.ts links it to the server (the runner asks before and after it).
    project.replaceTexts([entry('tool.ts', "import { s } from './server.js';\nexport const run = () => s;\n")]);
    expect(names()).toEqual(['server.ts', 'tool.ts']);
    expect([...project.rootModulesOf('/virtual/tool.ts')]).toEqual(['@modelcontextprotocol']);
    expect([...project.rootModulesOf('/virtual/other.ts')]).toEqual([]);
  });
});

describe('resolveDotted', () => {
  it('is path.resolve for every mix of ./ and ../ steps, names, dots and slashes', () => {
    const parts = ['.', '..', 'a', 'b.js', '', '.x', '..y', 'index'];
    const specifiers = new Set<string>(['.', '..', './', '../']);
    for (const p of parts)
      for (const q of parts)
        for (const r of parts) {
          for (const specifier of [`${p}/${q}/${r}`, `${p}/${q}/${r}/`, `${p}/${q}`])
            if (specifier.startsWith('.')) specifiers.add(specifier);
        }
    for (const dir of ['/', '/a', '/a/b/c']) {
      for (const specifier of specifiers)
        expect([dir, specifier, resolveDotted(dir, specifier)]).toEqual([
          dir,
          specifier,
          path.posix.resolve(dir, specifier),
        ]);
    }
  });
});

describe('AnalysisProject.sdkReach with reach modules (frameworks built on the SDK)', () => {
  const project = new AnalysisProject(
    '/virtual',
    [
      entry(
        'server.js',
        "import { FastMCP } from 'fastmcp';\nimport { Model } from './model.js';\nexport const s = new FastMCP({});\n",
      ),
      entry('model.js', 'export class Model { run(session) { return session.requestSampling({}); } }\n'),
      entry('agent.ts', "import { McpAgent } from 'agents/mcp';\nexport class A extends McpAgent {}\n"),
      entry('words.ts', "// fastmcp is mentioned, not imported\nexport const fastmcpName = 'fastmcp-like';\n"),
      entry('sdk.ts', "import { McpServer } from '@modelcontextprotocol/server';\nexport const m = McpServer;\n"),
    ],
    {},
    ['fastmcp', 'agents'],
  );
  const names = (files: Iterable<string>) => [...files].map((f) => f.slice('/virtual/'.length)).sort();

  it('anchors the reach at a quoted import of a reach module or its subpath, not at the word', () => {
    expect(names(project.sdkReach()!)).toEqual(['agent.ts', 'model.js', 'sdk.ts', 'server.js']);
  });

  it('tells which root modules the group of linked files names', () => {
    expect([...project.rootModulesOf('/virtual/model.js')]).toEqual(['fastmcp']);
    expect([...project.rootModulesOf('/virtual/agent.ts')]).toEqual(['agents']);
    expect([...project.rootModulesOf('/virtual/sdk.ts')]).toEqual(['@modelcontextprotocol']);
    expect([...project.rootModulesOf('/virtual/words.ts')]).toEqual([]);
  });
});
