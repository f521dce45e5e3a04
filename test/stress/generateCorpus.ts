/**
 * The stress corpus: every combination of handler family x call form x helper depth x error-handling
 * shape (shapes in full at depths 0 and 1, one rotating shape deeper; tools near the handler once more as
 * an entry of a tool list registered by a loop), one push-style site per server
 * file, written as strict, compiling TypeScript against the real SDKs. The generator returns what it
 * planted, so a test can check that every site is found, placed and classified.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Family = 'tools/call' | 'prompts/get' | 'resources/read' | 'oninitialized' | 'timer' | 'event';
export type Form = 'ctx-elicit' | 'ctx-sample' | 'server-elicit' | 'server-sample' | 'server-roots';
export type Shape = 'plain' | 'try-catch' | 'promise-catch' | 'race' | 'capability-check';

export const FAMILIES: Family[] = ['tools/call', 'prompts/get', 'resources/read', 'oninitialized', 'timer', 'event'];
export const FORMS: Form[] = ['ctx-elicit', 'ctx-sample', 'server-elicit', 'server-sample', 'server-roots'];
export const SHAPES: Shape[] = ['plain', 'try-catch', 'promise-catch', 'race', 'capability-check'];
export const DEPTHS = [0, 1, 2, 3];
/** How a tool is registered: directly, or as an entry of a tool list a loop registers. */
export type Registration = 'direct' | 'loop';
export const MRTR_CAPABLE: ReadonlySet<Family> = new Set(['tools/call', 'prompts/get', 'resources/read']);

export interface PlantedSite {
  /** Server file (the registration), relative to the corpus root, posix. */
  entry: string;
  /** File holding the ask. */
  file: string;
  line: number;
  kind: 'elicitation' | 'sampling' | 'roots';
  family: Family;
  form: Form;
  depth: number;
  shape: Shape;
  sdk: 'v1' | 'v2';
  registration: Registration;
}

const KIND: Record<Form, PlantedSite['kind']> = {
  'ctx-elicit': 'elicitation',
  'ctx-sample': 'sampling',
  'server-elicit': 'elicitation',
  'server-sample': 'sampling',
  'server-roots': 'roots',
};
const CAPABILITY: Record<PlantedSite['kind'], string> = {
  elicitation: 'elicitation',
  sampling: 'sampling',
  roots: 'roots',
};

/** The ask expression, and how its result becomes a string. */
function askOf(form: Form, receiver: string): { ask: string; use: (r: string) => string } {
  switch (form) {
    case 'ctx-elicit':
    case 'server-elicit': {
      const call = form === 'ctx-elicit' ? `${receiver}.mcpReq.elicitInput` : `${receiver}.server.elicitInput`;
      return {
        ask: `${call}({ message: 'Proceed?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } })`,
        use: (r) => `${r}.action`,
      };
    }
    case 'ctx-sample':
    case 'server-sample': {
      const call = form === 'ctx-sample' ? `${receiver}.mcpReq.requestSampling` : `${receiver}.server.createMessage`;
      return {
        ask: `${call}({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarize.' } }], maxTokens: 100 })`,
        use: (r) => `${r}.model`,
      };
    }
    case 'server-roots':
      return { ask: `${receiver}.server.listRoots()`, use: (r) => `String(${r}.roots.length)` };
  }
}

/** Lines computing `text` from the ask under an error-handling shape; `early` is what an early return gives. */
function shaped(
  shape: Shape,
  ask: string,
  use: (r: string) => string,
  kind: PlantedSite['kind'],
  serverExpr: string,
  early: string,
): string[] {
  switch (shape) {
    case 'plain':
      return [`const answer = await ${ask};`, `const text = ${use('answer')};`];
    case 'try-catch':
      return [
        'let text: string;',
        'try {',
        `  const answer = await ${ask};`,
        `  text = ${use('answer')};`,
        '} catch {',
        "  text = 'fallback';",
        '}',
      ];
    case 'promise-catch':
      return [`const text = await ${ask}.then((answer) => ${use('answer')}).catch(() => 'fallback');`];
    case 'race':
      return [
        'const text = await Promise.race([',
        `  ${ask}.then((answer) => ${use('answer')}),`,
        "  new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 1000)),",
        ']);',
      ];
    case 'capability-check':
      return [
        `if (!${serverExpr}.server.getClientCapabilities()?.${CAPABILITY[kind]}) {`,
        `  return ${early};`,
        '}',
        `const answer = await ${ask};`,
        `const text = ${use('answer')};`,
      ];
  }
}

const indent = (lines: string[], by: string) => lines.map((l) => (l === '' ? l : by + l));

interface Generated {
  files: Map<string, string>;
  site: PlantedSite;
}

function generateOne(
  index: number,
  family: Family,
  form: Form,
  depth: number,
  shape: Shape,
  sdk: 'v1' | 'v2',
  registration: Registration,
): Generated {
  const name = `s${String(index).padStart(3, '0')}`;
  const entry = `servers/${name}.ts`;
  const helperFile = `helpers/${name}-deep.ts`;
  const kind = KIND[form];
  const usesCtx = form.startsWith('ctx-');
  const serverImport =
    sdk === 'v2'
      ? "import { McpServer, type ServerContext } from '@modelcontextprotocol/server';"
      : "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';";
  // What the holder of the ask receives: the handler context (ctx forms) or the server.
  const param = usesCtx ? 'ctx: ServerContext' : 'server: McpServer';
  const arg = usesCtx ? 'ctx' : 'server';
  const files = new Map<string, string>();
  let site: PlantedSite | undefined;

  // The body that asks: in the handler itself (depth 0) or in the last helper.
  const askBody = (receiver: string, early: string, tail: (text: string) => string): string[] => {
    const { ask, use } = askOf(form, receiver);
    return [...shaped(shape, ask, use, kind, usesCtx ? 'server' : receiver, early), tail('text')];
  };
  const locate = (file: string, lines: string[]) => {
    const { ask } = askOf(form, arg);
    const at = lines.findIndex((l) => l.includes(ask.slice(0, ask.indexOf('('))));
    site = { entry, file, line: at + 1, kind, family, form, depth, shape, sdk, registration };
  };

  // Helpers: step1 .. step<depth>; the last one (in its own module from depth 2 on) asks.
  const helperLines: string[] = [];
  const deepLines: string[] = [];
  if (depth > 0) {
    for (let d = 1; d <= depth; d++) {
      const own = depth >= 2 && d === depth ? deepLines : helperLines;
      const fn = `${name}Step${d}`;
      own.push(`export async function ${fn}(${param}): Promise<string> {`);
      if (d < depth) own.push(`  return ${name}Step${d + 1}(${arg});`);
      else
        own.push(
          ...indent(
            askBody(arg, "'skipped'", (t) => `return ${t};`),
            '  ',
          ),
        );
      own.push('}', '');
    }
  }

  const lines: string[] = [serverImport];
  if (depth >= 2) lines.push(`import { ${name}Step${depth} } from '../${helperFile.replace(/\.ts$/, '.js')}';`);
  lines.push('', `export const server = new McpServer({ name: '${name}', version: '1.0.0' });`, '');
  lines.push(...helperLines);

  // The handler: what runs the ask (directly or through step1).
  const viaHelper = (tail: (text: string) => string) => [`const text = await ${name}Step1(${arg});`, tail('text')];
  const body = (early: string, tail: (text: string) => string) =>
    depth === 0 ? askBody(arg, early, tail) : viaHelper(tail);
  const toolResult = (t: string) => `return { content: [{ type: 'text' as const, text: ${t} }] };`;
  switch (family) {
    case 'tools/call':
      if (registration === 'loop') {
        // A list of tool definitions, registered by one loop.
        lines.push(
          'const tools = [',
          '  {',
          `    name: '${name}',`,
          `    config: { description: 'stress ${name}' },`,
          `    handler: async (${usesCtx ? 'ctx: ServerContext' : ''}) => {`,
        );
        lines.push(
          ...indent(body(`{ content: [{ type: 'text' as const, text: 'skipped' }] }`, toolResult), '      '),
          '    },',
          '  },',
          '];',
          '',
        );
        lines.push('for (const tool of tools) {', '  server.registerTool(tool.name, tool.config, tool.handler);', '}');
        break;
      }
      lines.push(
        `server.registerTool('${name}', { description: 'stress ${name}' }, async (${usesCtx ? 'ctx' : ''}) => {`,
      );
      lines.push(...indent(body(`{ content: [{ type: 'text' as const, text: 'skipped' }] }`, toolResult), '  '), '});');
      break;
    case 'prompts/get': {
      const promptResult = (t: string) =>
        `return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: ${t} } }] };`;
      lines.push(
        `server.registerPrompt('${name}', { description: 'stress ${name}' }, async (${usesCtx ? 'ctx' : ''}) => {`,
      );
      lines.push(...indent(body(`{ messages: [] }`, promptResult), '  '), '});');
      break;
    }
    case 'resources/read': {
      const resourceResult = (t: string) => `return { contents: [{ uri: uri.href, text: ${t} }] };`;
      lines.push(
        `server.registerResource('${name}', 'stress://${name}', { description: 'stress ${name}' }, async (uri${usesCtx ? ', ctx' : ''}) => {`,
      );
      lines.push(...indent(body('{ contents: [] }', resourceResult), '  '), '});');
      break;
    }
    case 'oninitialized':
    case 'timer':
    case 'event': {
      const log = (t: string) => `console.log(${t});`;
      const inner = indent(body('undefined', log), '    ');
      const open =
        family === 'oninitialized'
          ? ['server.server.oninitialized = () => {', '  void (async () => {']
          : family === 'timer'
            ? ['setInterval(() => {', '  void (async () => {']
            : ["process.on('SIGHUP', () => {", '  void (async () => {'];
      const close = ['  })();', family === 'timer' ? '}, 60_000);' : family === 'event' ? '});' : '};'];
      lines.push(...open, ...inner, ...close);
      break;
    }
  }
  lines.push('');
  if (depth <= 1) locate(entry, lines);
  files.set(entry, lines.join('\n'));
  if (depth >= 2) {
    const deep = [
      serverImport.replace('McpServer, type ServerContext', usesCtx ? 'type ServerContext' : 'McpServer'),
      '',
    ];
    if (!usesCtx && sdk === 'v2') deep[0] = "import type { McpServer } from '@modelcontextprotocol/server';";
    if (!usesCtx && sdk === 'v1') deep[0] = "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';";
    if (usesCtx && depth >= 2) deep.push(`import { server } from '../${entry.replace(/\.ts$/, '.js')}';`, '');
    deep.push(...deepLines);
    locate(helperFile, deep);
    files.set(helperFile, deep.join('\n'));
  }
  return { files, site: site! };
}

/** Write the corpus under `dir` (created; must be empty or absent). Returns the planted sites, in file order. */
export function generateStressCorpus(dir: string): { files: string[]; sites: PlantedSite[] } {
  fs.mkdirSync(dir, { recursive: true });
  const sites: PlantedSite[] = [];
  const written: string[] = [];
  let index = 0;
  for (const family of FAMILIES) {
    for (const form of FORMS) {
      // The handler context exists only in a request handler.
      if (form.startsWith('ctx-') && !MRTR_CAPABLE.has(family)) continue;
      for (const depth of DEPTHS) {
        const shapes = depth <= 1 ? SHAPES : [SHAPES[(index + depth) % SHAPES.length]!];
        for (const shape of shapes) {
          // Tools near the handler also come as entries of a tool list that a loop registers.
          const registrations: Registration[] =
            family === 'tools/call' && depth <= 1 && (shape === 'plain' || shape === 'try-catch')
              ? ['direct', 'loop']
              : ['direct'];
          for (const registration of registrations) {
            // ctx forms are v2 only; server forms alternate between the two SDK majors.
            const sdk = form.startsWith('ctx-') || index % 3 !== 0 ? 'v2' : 'v1';
            const { files, site } = generateOne(index++, family, form, depth, shape, sdk, registration);
            for (const [file, text] of files) {
              fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
              fs.writeFileSync(path.join(dir, file), text);
              written.push(file);
            }
            sites.push(site);
          }
        }
      }
    }
  }
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'stress-corpus', private: true, type: 'module' }, null, 2)}\n`,
  );
  return { files: written.sort(), sites };
}
