// A finding is made one way, from its transform's catalogue (lib/findings.ts): its decision and level are what the
// catalogue says for its reason, in every transform, and no product file writes a finding's decision or level itself.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../api/index.js';
import { findingOf, inUserLines, reviewSiteOf } from '../lib/findings.js';
import type { Site } from '../lib/model.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PLACE = { file: 'src/server.ts', line: 3 };
const TOY = { id: 'toy', reasons: { found: { message: 'found', advice: 'look' } } };

describe('findingOf', () => {
  it("takes the decision and level of every reason from its transform's catalogue", () => {
    for (const transform of TRANSFORMS) {
      for (const [reason, info] of Object.entries(transform.reasons)) {
        const finding = findingOf(transform, reason, PLACE, 'said');
        const level = info.level ?? 'warning';
        expect(finding, `${transform.id}/${reason}`).toEqual({
          transform: transform.id,
          reason,
          decision: level === 'note' ? 'info' : 'review',
          level: level === 'note' ? 'info' : level,
          ...PLACE,
          message: 'said',
        });
      }
    }
  });

  it('raises a warning to error when its source rates it so, never a note, never below the catalogue', () => {
    const v1 = TRANSFORMS.find((t) => t.id === 'v1-to-v2')!;
    expect(findingOf(v1, 'codemod-warning', PLACE, 'failed', 'error')).toMatchObject({
      decision: 'review',
      level: 'error',
    });
    expect(findingOf(v1, 'codemod-info', PLACE, 'noted', 'error')).toMatchObject({ decision: 'info', level: 'info' });
    expect(findingOf(v1, 'codemod-error-marker', PLACE, 'marked')).toMatchObject({ level: 'error' });
  });

  it('throws for a reason its catalogue does not hold', () => {
    expect(() => findingOf({ id: 'toy', reasons: {} }, 'made-up', PLACE, 'said')).toThrow(/toy: no reason 'made-up'/);
  });

  it("turns a site into a review item with its reason's message", () => {
    const site = { file: 'a.ts', decision: 'rewritten', strategy: 'replay' } as Site;
    const catalogue = { id: 'toy', reasons: { failed: { message: 'could not apply', advice: 'look' } } };
    expect(reviewSiteOf(catalogue, 'failed', site, 'not utf-8')).toEqual({
      file: 'a.ts',
      decision: 'review',
      reason: 'failed',
      message: 'could not apply: not utf-8',
    });
    expect(() => reviewSiteOf(catalogue, 'other', site, '')).toThrow(/no reason 'other'/);
  });
});

describe('inUserLines', () => {
  const user = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    'import {',
    '  InMemoryTaskStore,',
    "} from '@modelcontextprotocol/sdk/experimental/tasks';",
    "import { z } from 'zod';",
    '',
    'const store = new InMemoryTaskStore();',
    'await server.connect(transport);',
    '',
  ].join('\n');
  const final = [
    "import { McpServer } from '@modelcontextprotocol/server';",
    "import { z } from 'zod';",
    "import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';",
    '',
    'const store = new InMemoryTaskStore();',
    '/* @mcp-mrtr-review serving-2025-only: ... */',
    'await server.connect(transport);',
    '',
  ].join('\n');
  const at = (line: number) => inUserLines([findingOf(TOY, 'found', { file: 'a.ts', line }, '')], user, final)[0]!.line;

  it('moves a line both texts hold to the user line, and a marker to the code it marks', () => {
    expect(at(5)).toBe(7);
    expect(at(7)).toBe(8);
    expect(at(6)).toBe(8);
  });

  it("moves an import written again on one line to the start of the user's import of that module", () => {
    expect(at(3)).toBe(2);
  });

  it('leaves the lines of a text that is the user text', () => {
    expect(inUserLines([findingOf(TOY, 'found', PLACE, '')], user, user)[0]!.line).toBe(3);
  });
});

describe('no hand-made finding', () => {
  it("no product file but lib/findings.ts sets a finding's decision or level", () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.[cm]?ts$/.test(entry.name) && !/reasons\.ts$/.test(entry.name)) {
          const file = path.relative(ROOT, full).split(path.sep).join('/');
          if (['lib/findings.ts', 'lib/model.ts'].includes(file) || file.startsWith('lib/report/')) continue;
          const text = fs.readFileSync(full, 'utf8');
          for (const [index, line] of text.split('\n').entries())
            if (/^\s*(decision|level): ['a-z]/.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      }
    };
    for (const dir of ['lib', 'transforms', 'api', 'bin']) walk(path.join(ROOT, dir));
    expect(offenders).toEqual([]);
  });
});
