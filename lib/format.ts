// Formatting the changed files (`prettier --check` failures must never increase). By default a changed
// file is formatted only when the target itself uses prettier (a prettier configuration, or a package.json that
// depends on prettier, and an installed prettier, both found from the file's folder up to the target root, or to the
// workspace root of the monorepo the target is a package of) and the file was prettier-clean before the run (a file
// the run creates, the runtime module, counts as clean: lib/apply.ts applyFiles): the migration's own lines then
// follow the project's formatting, and a file the project does not keep formatted is never reformatted. `--prettier` formats every changed file (the project's configuration, our prettier when the
// project has none installed); `--no-prettier` never formats.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Check } from './model.js';
import { isAncestorOrSelf } from './filePaths.js';

/** `true`: format every changed file; `false`: never; `undefined`: where the target uses prettier (above). */
export type PrettierMode = boolean | undefined;

interface Prettier {
  version: string;
  resolveConfig(file: string, options?: { editorconfig?: boolean }): Promise<object | null> | object | null;
  getFileInfo(
    file: string,
    options?: { ignorePath?: string },
  ): Promise<{ ignored: boolean; inferredParser?: string | null }>;
  check(text: string, options: object): Promise<boolean> | boolean;
  format(text: string, options: object): Promise<string> | string;
}

const CONFIG_FILES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.json5',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.toml',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.ts',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  'prettier.config.ts',
];

/** The formatting of one run: which prettier formats a file (found once per folder), and what it did. */
export class Formatting {
  private readonly found = new Map<string, Promise<{ prettier: Prettier; dir: string } | undefined>>();
  private formatted = 0;
  private readonly versions = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly mode: PrettierMode,
  ) {}

  /** The text to write for a changed file: `after` formatted where the mode says so, else `after` itself. */
  async format(absPath: string, before: string, after: string): Promise<string> {
    if (this.mode === false) return after;
    const found = await this.prettierFor(path.dirname(absPath));
    if (!found) return after;
    const { prettier } = found;
    try {
      const info = await prettier.getFileInfo(absPath, { ignorePath: path.join(found.dir, '.prettierignore') });
      if (info.ignored || !info.inferredParser) return after;
      const config = { ...((await prettier.resolveConfig(absPath, { editorconfig: true })) ?? {}), filepath: absPath };
      // Auto: only a file the project keeps formatted (one that failed the check before stays as the run left it).
      if (this.mode === undefined && !(await prettier.check(before, config))) return after;
      const text = await prettier.format(after, config);
      if (text !== after) {
        this.formatted += 1;
        this.versions.add(prettier.version);
      }
      return text;
    } catch {
      // A file prettier cannot handle (its own syntax limits, a broken configuration) keeps the run's text.
      return after;
    }
  }

  /** The run's formatting line for the report's checks, when a file was formatted. */
  check(): Check | undefined {
    if (this.formatted === 0) return undefined;
    const files = this.formatted === 1 ? '1 changed file' : `${this.formatted} changed files`;
    const how =
      this.mode === true
        ? 'as --prettier asks'
        : "the project's own prettier, as each was prettier-clean before the run; --no-prettier leaves them unformatted";
    return {
      transform: 'format',
      status: 'passed',
      summary: `formatted ${files} with prettier ${[...this.versions].sort().join(', ')} (${how})`,
    };
  }

  private prettierFor(dir: string): Promise<{ prettier: Prettier; dir: string } | undefined> {
    let found = this.found.get(dir);
    if (!found) {
      found = this.locate(dir);
      this.found.set(dir, found);
    }
    return found;
  }

  /** The project's prettier and the folder of its configuration, searched from `dir` up to the target root. */
  private async locate(dir: string): Promise<{ prettier: Prettier; dir: string } | undefined> {
    const inside = (folder: string) => isAncestorOrSelf(this.root, folder);
    let configDir: string | undefined;
    let installed: string | undefined;
    // Up to the target root, and on to the workspace root of a monorepo whose package the target is (its prettier is
    // hoisted there); never into an enclosing folder that is no workspace of the target's.
    const top = workspaceRootAbove(this.root) ?? this.root;
    for (let current = dir; inside(current) || isAncestorOrSelf(top, current); current = path.dirname(current)) {
      if (!configDir && hasConfig(current)) configDir = current;
      if (!installed && fs.existsSync(path.join(current, 'node_modules', 'prettier', 'package.json')))
        installed = current;
      if (current === top || path.dirname(current) === current) break;
    }
    if (this.mode === true) {
      const prettier = installed ? load(installed) : ((await import('prettier')) as unknown as Prettier);
      return prettier ? { prettier, dir: configDir ?? this.root } : undefined;
    }
    if (!configDir || !installed) return undefined;
    const prettier = load(installed);
    return prettier ? { prettier, dir: configDir } : undefined;
  }
}

/** A prettier configuration here, or a package.json that configures or depends on prettier (its defaults, then). */
function hasConfig(dir: string): boolean {
  if (CONFIG_FILES.some((name) => fs.existsSync(path.join(dir, name)))) return true;
  const manifest = manifestOf(dir);
  return (
    manifest?.prettier !== undefined ||
    manifest?.devDependencies?.prettier !== undefined ||
    manifest?.dependencies?.prettier !== undefined
  );
}

interface Manifest {
  prettier?: unknown;
  workspaces?: unknown;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function manifestOf(dir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The monorepo root above `root` that lists workspaces (`workspaces`, pnpm-workspace.yaml), within its repository. */
function workspaceRootAbove(root: string): string | undefined {
  for (let current = path.dirname(root); path.dirname(current) !== current; current = path.dirname(current)) {
    if (manifestOf(current)?.workspaces !== undefined || fs.existsSync(path.join(current, 'pnpm-workspace.yaml')))
      return current;
    if (fs.existsSync(path.join(current, '.git'))) return undefined;
  }
  return undefined;
}

/** The prettier installed in `dir`'s node_modules (its CommonJS entry: prettier 2 and 3 both have one). */
function load(dir: string): Prettier | undefined {
  try {
    return createRequire(path.join(dir, 'package.json'))('prettier') as Prettier;
  } catch {
    return undefined;
  }
}
