// Preloaded (`node --require`) by test/v1-to-v2-split.test.ts into the CLI: records what each worker thread is asked
// (the number of files of its part when the v1 step is split, else null), and writes the list to
// MCP_MRTR_TEST_STEP_WORKERS_OUT at exit, so the test can tell a split run from a one-thread run.
'use strict';

const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const threads = require('node:worker_threads');

const out = process.env.MCP_MRTR_TEST_STEP_WORKERS_OUT;
if (out && threads.isMainThread) {
  const asked = [];
  threads.Worker = class extends threads.Worker {
    postMessage(message, transfer) {
      asked.push(Array.isArray(message?.own) ? message.own.length : null);
      return super.postMessage(message, transfer);
    }
  };
  // The ES module view of node:worker_threads (the CLI imports it) follows the change.
  syncBuiltinESMExports();
  process.on('exit', () => fs.writeFileSync(out, JSON.stringify(asked)));
}
