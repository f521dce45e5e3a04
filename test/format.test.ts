// Formatting the changed files (`prettier --check` failures never increase). A target that uses prettier (its
// configuration and its own installed prettier) gets each changed file it kept prettier-clean formatted with them; a
// file that was not clean, a target without prettier, and --no-prettier keep the run's minimal splices.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as prettier from 'prettier';
import { audit, migrate } from 'mcp-mrtr-codemod';
import { FIXTURES_ROOT, REPO_ROOT } from './support/fixtures.js';

const SERVER = fs.readFileSync(path.join(FIXTURES_ROOT, 'mrtr', 'rewrite-delete-confirmation.input.ts'), 'utf8');
const CONFIG = { singleQuote: true, printWidth: 100 };
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A target with two servers: `clean.ts` prettier-formatted, `messy.ts` as written; with or without its own prettier. */
async function target(options: { installed: boolean; configured: boolean }): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-format-'));
  temps.push(dir);
  if (options.configured) fs.writeFileSync(path.join(dir, '.prettierrc.json'), JSON.stringify(CONFIG));
  if (options.installed) {
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', 'prettier'), path.join(dir, 'node_modules', 'prettier'));
  }
  const clean = await prettier.format(SERVER, { ...CONFIG, filepath: 'clean.ts' });
  fs.writeFileSync(path.join(dir, 'clean.ts'), clean);
  fs.writeFileSync(path.join(dir, 'messy.ts'), SERVER);
  return dir;
}

const isClean = (file: string) => prettier.check(fs.readFileSync(file, 'utf8'), { ...CONFIG, filepath: file });

describe('formatting the changed files', () => {
  it("formats a file the target keeps prettier-clean with its own prettier, and says so; a messy one keeps the run's splices", async () => {
    const dir = await target({ installed: true, configured: true });
    expect(await isClean(path.join(dir, 'messy.ts'))).toBe(false);
    const report = await migrate({ paths: [dir] });
    expect(
      report.files
        .filter((f) => f.status === 'changed')
        .map((f) => f.file)
        .sort(),
    ).toEqual(['clean.ts', 'messy.ts']);
    expect(await isClean(path.join(dir, 'clean.ts'))).toBe(true);
    const messy = fs.readFileSync(path.join(dir, 'messy.ts'), 'utf8');
    // The run's own splice, not prettier's layout of it.
    expect(messy).toContain(
      'return inputRequired({ inputRequests: { delete_record_confirmation: inputRequired.elicit(confirmationRequest) } });',
    );
    const check = report.checks?.find((c) => c.transform === 'format');
    expect(check?.summary).toMatch(
      /^formatted 1 changed file with prettier \d+\.\d+\.\d+ \(the project's own prettier/,
    );
    // The audit plans the same text: its diff shows the formatted file.
    const again = await target({ installed: true, configured: true });
    const dry = await audit({ paths: [again], diff: true });
    const diff = dry.files.find((f) => f.file === 'clean.ts')?.diff ?? '';
    expect(diff).toContain('+        return inputRequired({');
    expect(diff).not.toContain('inputRequests: { delete_record_confirmation: inputRequired.elicit({');
  });

  it('leaves every file unformatted without an installed prettier, without a configuration, or with --no-prettier', async () => {
    for (const [options, prettierFlag] of [
      [{ installed: false, configured: true }, undefined],
      [{ installed: true, configured: false }, undefined],
      [{ installed: true, configured: true }, false],
    ] as const) {
      const dir = await target(options);
      const report = await migrate({ paths: [dir], ...(prettierFlag === false ? { prettier: false } : {}) });
      expect(report.files.find((f) => f.file === 'clean.ts')?.status).toBe('changed');
      expect(await isClean(path.join(dir, 'clean.ts'))).toBe(false);
      expect(report.checks?.some((c) => c.transform === 'format') ?? false).toBe(false);
    }
  });

  it("formats a package of a monorepo with the workspace root's prettier, when the package depends on it", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-format-mono-'));
    temps.push(root);
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ private: true, workspaces: ['packages/*'] }));
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', 'prettier'), path.join(root, 'node_modules', 'prettier'));
    const pkg = path.join(root, 'packages', 'server');
    fs.mkdirSync(pkg, { recursive: true });
    // Its defaults (no configuration file): the package only depends on prettier.
    fs.writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({ name: 'server', devDependencies: { prettier: '^3' } }),
    );
    fs.writeFileSync(path.join(pkg, 'clean.ts'), await prettier.format(SERVER, { filepath: 'clean.ts' }));
    await migrate({ paths: [pkg] });
    const text = fs.readFileSync(path.join(pkg, 'clean.ts'), 'utf8');
    expect(await prettier.check(text, { filepath: 'clean.ts' })).toBe(true);
  });

  it('formats the runtime module the run creates as a clean file of the target, and leaves it as written without prettier', async () => {
    const replayed = fs.readFileSync(
      path.join(FIXTURES_ROOT, 'mrtr', 'rewrite-replay-request-typed-params', 'input', 'server.ts'),
      'utf8',
    );
    for (const installed of [true, false]) {
      const dir = await target({ installed, configured: true });
      fs.writeFileSync(path.join(dir, 'replayed.ts'), await prettier.format(replayed, { ...CONFIG, filepath: 'replayed.ts' }));
      const report = await migrate({ paths: [dir] });
      const runtime = report.files.find((f) => f.file === 'mcp-mrtr-runtime.ts');
      expect(runtime?.status).toBe('changed');
      expect(await isClean(path.join(dir, 'mcp-mrtr-runtime.ts'))).toBe(installed);
      expect(await isClean(path.join(dir, 'replayed.ts'))).toBe(installed);
    }
  });

  it('--prettier formats every changed file, the messy one too', async () => {
    const dir = await target({ installed: true, configured: true });
    await migrate({ paths: [dir], prettier: true });
    expect(await isClean(path.join(dir, 'clean.ts'))).toBe(true);
    expect(await isClean(path.join(dir, 'messy.ts'))).toBe(true);
  });
});
