#!/usr/bin/env node
// The v1 step alone: discovery, then the official codemod's run on the target's v1 files exactly as the audit's
// worker thread runs it (transforms/v1-to-v2/engine/runOfficialCodemod), in one thread of one process. The default audit
// cannot finish sooner than this run plus the analysis of its output, whatever else it does meanwhile.
//
//   node bench/v1-step.mjs <dist folder of the build> <target>
//
// Prints one JSON line: files discovered, v1 files, files the step changed, seconds of the codemod's run alone.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [distDir, target] = process.argv.slice(2);
if (!distDir || !target) {
  console.error('usage: node bench/v1-step.mjs <dist folder> <target>');
  process.exit(2);
}
const load = (file) => import(pathToFileURL(path.join(path.resolve(distDir), file)).href);
// The compile cache the CLI uses, so that loading the compiler costs here what it costs in the audit.
const { enableCompileCache } = await load('lib/compileCache.js');
enableCompileCache();
const { discoverFiles } = await load('lib/files.js');
const { v1StepInputs } = await load('transforms/v1-to-v2/ids.js');
const { runOfficialCodemod } = await load('transforms/v1-to-v2/engine/runOfficialCodemod.js');
const discovery = await discoverFiles([target], {});
const started = performance.now();
const result = runOfficialCodemod(discovery.root, discovery.files);
const runS = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    files: discovery.files.length,
    v1Files: v1StepInputs(discovery.files).length,
    changed: result.texts.size,
    runS,
  }),
);
