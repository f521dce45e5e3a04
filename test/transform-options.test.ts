// Transform options as the contract declares them (lib/transform.ts): the runner hands each transform the values of
// its own (defaults applied, a folder resolved inside the root), and the CLI's flags are made from the declarations.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyRunOptions, runAsked, runOptionsOf, transformFlags, type Flags } from '../lib/cli.js';
import { optionValuesOf } from '../lib/optionValues.js';
import { UsageError } from '../lib/usageError.js';
import { mrtr } from '../transforms/mrtr/index.js';
import { typecheck } from '../transforms/typecheck/index.js';
import { v1ToV2 } from '../transforms/v1-to-v2/index.js';
import { TRANSFORMS } from '../transforms/index.js';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const argv = (...args: string[]) => ['node', 'mcp-mrtr-codemod', ...args];

describe('option values', () => {
  it('gives each transform its own options, defaults applied', () => {
    const given = { paths: ['.'], strategy: 'replay', v1ToV2: true };
    expect(optionValuesOf(mrtr, given)).toEqual({ strategy: 'replay' });
    expect(optionValuesOf(v1ToV2, {})).toEqual({ v1ToV2: false });
    expect(optionValuesOf(typecheck, {})).toEqual({ typecheck: true });
    expect(optionValuesOf(typecheck, { typecheck: false })).toEqual({ typecheck: false });
  });

  it('resolves a folder inside the root, and refuses one that leads out, naming the flag', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-options-'));
    temps.push(root);
    const resolved = optionValuesOf(mrtr, { runtimeDir: 'generated' }, root);
    expect(resolved).toEqual({ strategy: 'auto', runtimeDir: path.join(root, 'generated') });
    // Before the root is known (a pre-step's `enabled`), the folder is as given.
    expect(optionValuesOf(mrtr, { runtimeDir: 'generated' })).toEqual({
      strategy: 'auto',
      runtimeDir: 'generated',
    });
    expect(() => optionValuesOf(mrtr, { runtimeDir: '../out' }, root)).toThrow(UsageError);
    expect(() => optionValuesOf(mrtr, { runtimeDir: '../out' }, root)).toThrow(/^--runtime-dir must be/);
    expect(() => optionValuesOf(mrtr, { runtimeDir: '.git/x' }, root)).toThrow(/repository metadata/);
  });
});

describe('the CLI flags of transform options', () => {
  it('lists switches by flag after the run flags, and folders beside --tsconfig', () => {
    const { switches, folders } = transformFlags(TRANSFORMS);
    expect(switches.map((f) => f.flag)).toEqual(['--no-typecheck', '--no-v1-to-v2', '--strategy <kind>']);
    expect(switches[2]).toMatchObject({ choices: ['auto', 'explicit', 'replay'], default: 'auto' });
    expect(folders.map((f) => f.flag)).toEqual(['--runtime-dir <dir>']);
  });

  it('reads the switches early, before commander, only when a run is asked', () => {
    expect(runAsked(argv('--help'))).toBe(false);
    expect(runAsked(argv('--dry-run'))).toBe(false);
    expect(runAsked(argv('--dry-run', '.'))).toBe(true);
    expect(earlyRunOptions(argv('.'), TRANSFORMS)).toEqual({ v1ToV2: true, typecheck: true });
    expect(earlyRunOptions(argv('--no-v1-to-v2', '.'), TRANSFORMS)).toEqual({ v1ToV2: false, typecheck: true });
  });

  it('hands the library each transform option commander parsed, by the option name', () => {
    const flags: Flags = { report: 'text', failOn: 'error', v1ToV2: false, typecheck: true, strategy: 'auto' };
    const options = runOptionsOf({ ...flags, runtimeDir: 'gen' }, ['.'], undefined, TRANSFORMS);
    expect(options).toMatchObject({ v1ToV2: false, typecheck: true, strategy: 'auto', runtimeDir: 'gen' });
    expect(runOptionsOf(flags, ['.'], undefined, TRANSFORMS)).not.toHaveProperty('runtimeDir');
  });
});
