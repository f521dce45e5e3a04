// Writes the bench tree: a deterministic (seeded) monorepo of ordinary TypeScript in which 1% of the
// files are MCP servers on the v1 SDK and 2% hold look-alikes. Returns what it planted.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mcpModule } from './tree/mcp-module.mjs';
import { ordinaryFile } from './tree/ordinary-file.mjs';
import { AREAS, PACKAGES, SUBAREAS, WORDS_A, WORDS_B, makeRandom } from './tree/shared.mjs';

export function generateTree(root, total, seed, mcpModules = undefined) {
  const rnd = makeRandom(seed);
  // 1% of the files are MCP code: modules of 5 files (50 files, 10 modules, in a 5,000-file tree), each in its own
  // package while there are packages left (then a second `mcp2/` folder in each, and so on).
  // The scaling rows keep the MCP code the same at every size (`mcpModules`).
  const MCP_MODULES = mcpModules ?? Math.max(1, Math.round(total / 100 / 5));
  const MCP_FILES = MCP_MODULES * 5;
  const ordinaryCount = total - MCP_FILES;
  const lookalikeCount = Math.round(total * 0.02);

  const ordinary = layOutOrdinaryFiles(rnd, ordinaryCount);
  const { files, byPkg } = ordinaryTexts(rnd, ordinary, lookalikeCount);
  const sites = plantMcpModules(rnd, byPkg, MCP_MODULES, files);

  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const { lines, fingerprint } = writeFiles(root, files);
  writeProjectFiles(root);
  // Make the tree its own repository root, as a real project is: tools that honour .gitignore must
  // not apply the outer repository's `.bench/` rule to it.
  const git = spawnSync('git', ['init', '-q', root], { stdio: 'ignore' });
  return {
    files: files.length,
    mcpFiles: files.filter((f) => f.mcp).length,
    lookalikeFiles: files.filter((f) => f.lookalike).length,
    sites,
    lines,
    fingerprint,
    gitInit: git.status === 0,
  };
}

/** The ordinary files' packages, base names (unique) and paths. */
function layOutOrdinaryFiles(rnd, ordinaryCount) {
  // folders per package, then files spread over them
  const perPackage = Math.ceil(ordinaryCount / PACKAGES.length);
  const usedBases = new Map();
  const uniqueBase = () => {
    const b = `${rnd.pick(WORDS_A)}-${rnd.pick(WORDS_B)}`;
    const n = (usedBases.get(b) ?? 0) + 1;
    usedBases.set(b, n);
    return n === 1 ? b : `${b}${n}`;
  };
  const ordinary = [];
  for (const pkg of PACKAGES) {
    const folders = [];
    for (const area of rnd.shuffle(AREAS).slice(0, rnd.int(6, 10))) {
      folders.push(`packages/${pkg}/src/${area}`);
      for (const sub of rnd.shuffle(SUBAREAS).slice(0, rnd.int(1, 3))) {
        folders.push(`packages/${pkg}/src/${area}/${sub}`);
        if (rnd.chance(0.3))
          folders.push(`packages/${pkg}/src/${area}/${sub}/${rnd.pick(['impl', 'support', 'detail'])}`);
      }
    }
    for (let i = 0; i < perPackage && ordinary.length < ordinaryCount; i++) {
      const base = uniqueBase();
      ordinary.push({ pkg, base, path: `${rnd.pick(folders)}/${base}.ts` });
    }
  }
  return ordinary;
}

/** The texts of the ordinary files, look-alikes among them; `byPkg` lists each package's files in order. */
function ordinaryTexts(rnd, ordinary, lookalikeCount) {
  // deterministic order, dependencies only on earlier files of the same package (a DAG)
  const lookalikeSet = new Set(rnd.shuffle(ordinary.map((_, i) => i)).slice(0, lookalikeCount));
  const byPkg = new Map();
  const files = [];
  ordinary.forEach((file, i) => {
    const earlier = byPkg.get(file.pkg) ?? [];
    const deps = [];
    const want = earlier.length === 0 ? 0 : rnd.int(0, Math.min(4, earlier.length));
    for (const d of rnd.shuffle(earlier.slice(-60)).slice(0, want)) deps.push(d);
    files.push({
      path: file.path,
      text: ordinaryFile(rnd, file, deps, lookalikeSet.has(i)),
      lookalike: lookalikeSet.has(i),
    });
    earlier.push(file);
    byPkg.set(file.pkg, earlier);
  });
  return { files, byPkg };
}

/** Adds the MCP modules' files to `files`, each module importing an ordinary file of its package; returns the sites planted. */
function plantMcpModules(rnd, byPkg, moduleCount, files) {
  const sites = [];
  const mcpPackages = rnd.shuffle(PACKAGES);
  for (let index = 0; index < moduleCount; index++) {
    const pkg = mcpPackages[index % mcpPackages.length];
    const round = Math.floor(index / mcpPackages.length);
    const dep = rnd.pick(byPkg.get(pkg));
    const mod = mcpModule(rnd, pkg, `packages/${pkg}/src/${round === 0 ? 'mcp' : `mcp${round + 1}`}`, dep, index);
    files.push(...mod.files.map((m) => ({ ...m, mcp: true })));
    sites.push(...mod.sites);
  }
  return sites;
}

/** Writes the files in path order; returns their line count and a fingerprint of paths and texts. */
function writeFiles(root, files) {
  const hash = createHash('sha256');
  let lines = 0;
  for (const file of files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const abs = path.join(root, file.path);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, file.text);
    hash.update(file.path).update('\0').update(file.text);
    lines += file.text.split('\n').length - 1;
  }
  return { lines, fingerprint: hash.digest('hex').slice(0, 16) };
}

/** package.json, tsconfig.json and .gitignore of the monorepo. */
function writeProjectFiles(root) {
  writeFileSync(
    path.join(root, 'package.json'),
    `${JSON.stringify(
      {
        name: 'bench-monorepo',
        version: '1.0.0',
        private: true,
        type: 'module',
        scripts: { build: 'tsc -p .' },
        dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', zod: '^3.25.76' },
        devDependencies: { '@types/node': '^20.19.0', typescript: '^5.9.0' },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: ['node'],
        },
        include: ['packages/**/*.ts'],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\ndist/\n');
}
