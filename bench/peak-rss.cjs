// Preloaded into every benchmarked process with `node --require bench/peak-rss.cjs ...` by bench/run.mjs.
// At exit it writes the process's peak resident set size to `<BENCH_PEAK_RSS_DIR>/<pid>.json`:
// VmHWM from /proc/self/status (Linux: the kernel's high-water mark of RSS) and
// process.resourceUsage().maxRSS (getrusage ru_maxrss, kilobytes; works where /proc does not),
// plus the process's CPU time (user + system), which a loaded machine distorts less than wall time.
// Both cover every thread of the process (worker_threads included). Child processes that Node forks
// with the same execArgv (jscodeshift's workers) inherit the preload and the variable, so each writes
// its own file and the bench adds them up.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_PEAK_RSS_DIR;
if (dir) {
  process.on('exit', () => {
    let hwmKb = null;
    try {
      const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
      if (match) hwmKb = Number(match[1]);
    } catch {
      // not Linux: maxRSS below is the measure
    }
    const usage = process.resourceUsage();
    const cpuS = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
    try {
      fs.writeFileSync(
        path.join(dir, `${process.pid}.json`),
        JSON.stringify({ pid: process.pid, ppid: process.ppid, hwmKb, maxRssKb: usage.maxRSS, cpuS }),
      );
    } catch {
      // the bench falls back to its own /proc polling
    }
  });
}
