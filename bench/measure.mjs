// Runs a tool as a child process and measures it: wall time from spawn to exit, and peak RSS and CPU
// time as reported by the child itself through the preloaded peak-rss.cjs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The official codemod's CLI as installed beside this project (its bin and version), or null when it is not. */
export function resolveOfficialCli(repo) {
  const dir = path.join(repo, 'node_modules', '@modelcontextprotocol', 'codemod');
  const pkgFile = path.join(dir, 'package.json');
  if (!existsSync(pkgFile)) return null;
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['mcp-codemod'];
  return bin ? { version: pkg.version, cli: path.join(dir, bin) } : null;
}

export const PEAK_RSS_PRELOAD = fileURLToPath(new URL('./peak-rss.cjs', import.meta.url));
const TIMEOUT_MS = 15 * 60 * 1000;

const SOURCE_RE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECL_RE = /\.d\.(?:ts|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'build', 'coverage']);

export function listSources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listSources(path.join(dir, entry.name), out);
    } else if (SOURCE_RE.test(entry.name) && !DECL_RE.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** Content fingerprint of a tree (every file but .git), to prove a dry run wrote nothing. */
export function treeFingerprint(dir) {
  const hash = createHash('sha256');
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const abs = path.join(d, entry.name);
      if (entry.isDirectory()) walk(abs);
      else hash.update(abs).update('\0').update(readFileSync(abs));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

function readVmHwmKb(pid) {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Runs `node --require peak-rss.cjs <args>` once; resolves with wall time, peak RSS (the tool's own
 * process, plus any Node child processes it forked, each at its own peak), CPU time, exit, output.
 */
function measureOnce(args, cwd) {
  const rssDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-mrtr-bench-rss-'));
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--require', PEAK_RSS_PRELOAD, ...args], {
      cwd,
      env: { ...process.env, BENCH_PEAK_RSS_DIR: rssDir, NODE_OPTIONS: '', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (b) => stdout.push(b));
    child.stderr.on('data', (b) => stderr.push(b));
    // Fallback only (the preload's own reading at exit is exact): poll the kernel's high-water mark.
    let polledKb = null;
    const poll = setInterval(() => {
      const kb = readVmHwmKb(child.pid);
      if (kb !== null) polledKb = Math.max(polledKb ?? 0, kb);
    }, 20);
    const killer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      clearInterval(poll);
      clearTimeout(killer);
      let rssKb = null;
      let cpuS = null;
      let rssSource = 'none';
      let processes = 0;
      try {
        const reports = readdirSync(rssDir).map((f) => JSON.parse(readFileSync(path.join(rssDir, f), 'utf8')));
        const own = reports.find((r) => r.pid === child.pid);
        if (own) {
          processes = reports.length;
          rssKb = reports.reduce((sum, r) => sum + (r.hwmKb ?? r.maxRssKb), 0);
          cpuS = reports.reduce((sum, r) => sum + (r.cpuS ?? 0), 0);
          rssSource = own.hwmKb != null ? 'VmHWM at exit' : 'getrusage maxRSS at exit';
          if (processes > 1) rssSource += `, sum over ${processes} processes`;
        }
      } catch {
        // fall through to the polled value
      }
      rmSync(rssDir, { recursive: true, force: true });
      if (rssKb === null && polledKb !== null) {
        rssKb = polledKb;
        rssSource = 'VmHWM polled (lower bound)';
      }
      resolve({
        wallS,
        rssKb,
        cpuS,
        rssSource,
        processes,
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

/**
 * Runs the command `runs` times (after `before()` each time, untimed): median wall and CPU time,
 * worst peak RSS, the last run's output.
 */
export async function measure(args, { runs = 1, cwd = process.cwd(), before } = {}) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    if (before) before();
    all.push(await measureOnce(args, cwd));
  }
  return summarize(all);
}

/**
 * Several commands run in turn, `runs` rounds (A B C, A B C, ...): what a comparison of two tools needs on a machine
 * whose speed moves with its load. One summary per command, as `measure` gives it.
 */
export async function measureInTurn(commands, { runs = 1, cwd = process.cwd() } = {}) {
  const all = commands.map(() => []);
  for (let i = 0; i < runs; i++)
    for (const [index, args] of commands.entries()) all[index].push(await measureOnce(args, cwd));
  return all.map(summarize);
}

/** Median wall and CPU time, worst peak RSS and the last run's output of a command's runs. */
function summarize(all) {
  const walls = all.map((r) => r.wallS).sort((a, b) => a - b);
  const last = all[all.length - 1];
  const rss = all.map((r) => r.rssKb).filter((v) => v != null);
  const cpus = all
    .map((r) => r.cpuS)
    .filter((v) => v != null)
    .sort((a, b) => a - b);
  return {
    ...last,
    wallS: walls[Math.floor(walls.length / 2)], // median
    rssKb: rss.length > 0 ? Math.max(...rss) : null, // worst run
    cpuS: cpus.length > 0 ? cpus[Math.floor(cpus.length / 2)] : null, // median
    runs: all,
  };
}
