/** The built CLI keeps bytes as a file holds them (BOM, CRLF, not UTF-8), and never writes outside its target. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/fixtures.js';
import { json, removeTemps, run, tempTree, tool } from './support/robustness.js';

afterEach(removeTemps);

describe('robustness: bytes as the file holds them, and the target boundary', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  /** Every file under a directory as bytes, keyed by relative posix path. */
  function readBytes(dir: string): Record<string, Buffer> {
    const out: Record<string, Buffer> = {};
    const walk = (current: string) => {
      for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
        const full = path.join(current, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) out[path.relative(dir, full).split(path.sep).join('/')] = fs.readFileSync(full);
      }
    };
    walk(dir);
    return out;
  }

  /** A fixture's input (a file or a folder) as files under `prefix`. */
  function fixtureFiles(name: string, prefix: string): Record<string, Buffer> {
    const fixtures = path.join(REPO_ROOT, '__fixtures__');
    const single = path.join(fixtures, 'mrtr', `${name}.input.ts`);
    if (fs.existsSync(single)) return { [`${prefix}/${name}.ts`]: fs.readFileSync(single) };
    const folder = fs.existsSync(path.join(fixtures, 'mrtr', name, 'input'))
      ? path.join(fixtures, 'mrtr', name, 'input')
      : path.join(fixtures, 'v1-to-v2-cli', name, 'input');
    return Object.fromEntries(Object.entries(readBytes(folder)).map(([file, bytes]) => [`${prefix}/${file}`, bytes]));
  }

  it('migrates a file with a BOM (and BOM + CRLF), or of CR lines, exactly as the same file without it, and puts the BOM and the CRs back', () => {
    // Explicit, replay (a runtime module is created) and review (markers) cases; with and without the v1 step.
    const cases = {
      ...fixtureFiles('rewrite-delete-confirmation', 'mrtr'),
      ...fixtureFiles('rewrite-replay-ask-in-helper', 'mrtr/replay'),
      ...fixtureFiles('review-capability-guard', 'mrtr'),
    };
    const v1 = fixtureFiles('rewrite-notes-mini', 'v1'); // package.json and a v1 server: the official codemod's path
    const variants: Record<string, (text: Buffer) => Buffer> = {
      plain: (text) => text,
      bom: (text) => Buffer.concat([BOM, text]),
      crlf: (text) => Buffer.from(text.toString('utf8').replace(/\n/g, '\r\n')),
      'bom-crlf': (text) => Buffer.concat([BOM, Buffer.from(text.toString('utf8').replace(/\n/g, '\r\n'))]),
      cr: (text) => Buffer.from(text.toString('utf8').replace(/\n/g, '\r')),
    };
    const outputs: Record<string, { before: Record<string, Buffer>; after: Record<string, Buffer>; report: unknown }> =
      {};
    for (const [variant, change] of Object.entries(variants)) {
      const files = Object.fromEntries(
        Object.entries({ ...cases, ...v1 }).map(([file, bytes]) => [
          file,
          file.endsWith('.ts') ? change(bytes) : bytes,
        ]),
      );
      const dir = tempTree(files);
      const reports = [path.join(dir, 'mrtr'), path.join(dir, 'v1')].map((target, index) => {
        const result = run(['--allow-dirty', '--report', 'json', ...(index === 0 ? ['--no-v1-to-v2'] : []), target]);
        expect(result.code, `${variant}: ${result.stderr}`).toBe(0);
        const report = JSON.parse(result.stdout) as { root?: string };
        delete report.root;
        return report;
      });
      outputs[variant] = { before: files, after: readBytes(dir), report: reports };
    }
    const plain = outputs.plain!;
    // Every case changed something, the v1 step included.
    for (const file of [
      'mrtr/rewrite-delete-confirmation.ts',
      'mrtr/replay/server.ts',
      'mrtr/review-capability-guard.ts',
      'v1/src/server.ts',
      'v1/package.json',
    ])
      expect(plain.after[file]!.equals(plain.before[file]!), file).toBe(false);
    expect(Object.keys(plain.after)).toContain('mrtr/replay/mcp-mrtr-runtime.ts');
    for (const [withBom, without] of [
      ['bom', 'plain'],
      ['bom-crlf', 'crlf'],
    ] as const) {
      const a = outputs[withBom]!;
      const b = outputs[without]!;
      expect(a.report, withBom).toEqual(b.report);
      expect(Object.keys(a.after).sort()).toEqual(Object.keys(b.after).sort());
      for (const [file, bytes] of Object.entries(a.after)) {
        // A source file keeps its BOM, once; a created file and package.json are as without it.
        const expected =
          file.endsWith('.ts') && file in a.before ? Buffer.concat([BOM, b.after[file]!]) : b.after[file]!;
        expect(bytes.toString('utf8'), `${withBom}: ${file}`).toBe(expected.toString('utf8'));
        expect(bytes.equals(expected), `${withBom}: ${file}`).toBe(true);
      }
    }
    // A file of CR lines (classic Mac OS) is migrated as with LF lines, its CRs kept, every added line a CR line.
    const cr = outputs.cr!;
    expect(cr.report).toEqual(plain.report);
    for (const [file, bytes] of Object.entries(cr.after)) {
      const lf = plain.after[file]!.toString('utf8');
      const expected = file.endsWith('.ts') && file in cr.before ? lf.replace(/\n/g, '\r') : lf;
      expect(bytes.toString('utf8'), `cr: ${file}`).toBe(expected);
    }
  }, 120_000);

  it('leaves a file that is not valid UTF-8 byte for byte as it was, and says why', () => {
    const latin1 = Buffer.concat([
      Buffer.from('// Caf'),
      Buffer.from([0xe9]), // Latin-1 e acute: not UTF-8
      Buffer.from(' records\n'),
      Buffer.from(tool('latin1')),
    ]);
    const dir = tempTree({ 'latin1.ts': latin1, 'ok.ts': tool('ok') });
    const dry = run(['--dry-run', '--report', 'json', dir]);
    const migration = run(['--allow-dirty', '--report', 'json', dir]);
    for (const result of [dry, migration]) {
      expect(result.code, result.stderr).toBe(0);
      const files = json(result.stdout).files;
      expect(files.find((f) => f.file === 'latin1.ts')).toEqual({
        file: 'latin1.ts',
        status: 'skipped',
        sites: 0,
        problem: {
          kind: 'not-utf8',
          message: 'latin1.ts: not valid UTF-8 (byte 0xE9 on line 1); skipped, so that its bytes are never re-encoded',
        },
      });
      expect(files.find((f) => f.file === 'ok.ts')?.status).toBe('changed');
    }
    expect(fs.readFileSync(path.join(dir, 'latin1.ts')).equals(latin1)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'ok.ts'), 'utf8')).toContain('inputRequired(');
    expect(run(['--dry-run', dir]).stdout).toContain('latin1.ts: not valid UTF-8');
  });

  it('never writes a file whose real path is outside the target (through a symbolic link), and reports it', () => {
    const dir = tempTree({
      'outside/helper.ts': tool('helper'),
      'outside/lib/deep.ts': tool('deep'),
      'outside/package.json': fs.readFileSync(
        path.join(REPO_ROOT, '__fixtures__', 'v1-to-v2-cli', 'rewrite-notes-mini', 'input', 'package.json'),
      ),
      'outside/gen/.keep': '',
      // A v1 project whose package.json is a link to the one outside: the v1 step plans a change to it.
      ...Object.fromEntries(
        Object.entries(fixtureFiles('rewrite-notes-mini', 'proj')).filter(([file]) => !file.endsWith('package.json')),
      ),
      'proj/server.ts': tool('inside'),
    });
    const proj = path.join(dir, 'proj');
    fs.symlinkSync(path.join('..', 'outside', 'helper.ts'), path.join(proj, 'linked.ts'));
    fs.symlinkSync(path.join('..', 'outside', 'lib'), path.join(proj, 'shared'));
    fs.symlinkSync(path.join('..', 'outside', 'package.json'), path.join(proj, 'package.json'));
    fs.symlinkSync(path.join('..', 'outside', 'gen'), path.join(proj, 'gen'));
    const outside = readBytes(path.join(dir, 'outside'));

    const dry = run(['--dry-run', '--report', 'json', proj]);
    const migration = run(['--allow-dirty', '--report', 'json', proj]);
    for (const result of [dry, migration]) {
      expect(result.code, result.stderr).toBe(0);
      const status = Object.fromEntries(
        json(result.stdout).files.map((f) => [f.file, `${f.status}${f.problem ? ` ${f.problem.kind}` : ''}`]),
      );
      expect(status).toEqual({
        'linked.ts': 'skipped outside-target',
        'package.json': 'skipped outside-target',
        'server.ts': 'changed',
        'shared/deep.ts': 'skipped outside-target',
        'src/index.ts': 'changed',
        'src/server.ts': 'changed',
      });
      const linked = json(result.stdout).files.find((f) => f.file === 'linked.ts')!;
      expect(linked.problem!.message).toBe(
        `linked.ts: reached through a symbolic link, its real path ${fs.realpathSync(path.join(dir, 'outside', 'helper.ts'))} is outside the target; not written, so that every change stays where git diff shows it`,
      );
    }
    expect(readBytes(path.join(dir, 'outside'))).toEqual(outside);
    expect(fs.readFileSync(path.join(proj, 'server.ts'), 'utf8')).toContain('inputRequired(');

    // A runtime folder that leads outside is refused before anything is written.
    const before = readBytes(proj);
    const replay = run(['--allow-dirty', '--strategy', 'replay', '--runtime-dir', 'gen', proj]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('--runtime-dir must be a folder inside the target root');
    expect(readBytes(proj)).toEqual(before);
    expect(readBytes(path.join(dir, 'outside'))).toEqual(outside);
  });
});
