// A transform's option values in a run: for each option the transform declares (lib/transform.ts), the value the
// caller gave (the library's options; the CLI's flags become those), else its default; a folder resolved against the
// target root once the root is known. lib/ knows no option by name: the declarations say what there is.
import path from 'node:path';
import type { OptionValue, OptionValues, Transform } from './transform.js';
import { UsageError } from './usageError.js';
import { isRepositoryMetadata, outsideRoot } from './writePaths.js';

/**
 * The values of a transform's own options among `given`: each declared option's given value, else its default (a
 * folder has none); with `root`, each folder given resolved against it (a usage error when it leads out of it).
 */
export function optionValuesOf(transform: Transform, given: object, root?: string): OptionValues {
  const values: Record<string, OptionValue> = {};
  for (const [name, option] of Object.entries(transform.options ?? {})) {
    const value = (given as Readonly<Record<string, unknown>>)[name] as OptionValue;
    if (option.type !== 'folder') values[name] = value ?? option.default;
    else if (value !== undefined)
      values[name] = root === undefined ? value : folderInRoot(root, value as string, option.cli.flag.split(' ')[0]!);
  }
  return values;
}

/** The absolute folder: inside the target root, so that the migration never writes outside what it was given. */
function folderInRoot(root: string, folder: string, flag: string): string {
  const resolved = path.resolve(root, folder);
  const relative = path.relative(root, resolved);
  if (path.isAbsolute(folder) || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new UsageError(`${flag} must be a folder inside the target root ${root}, given relative to it: ${folder}`);
  }
  if (isRepositoryMetadata(relative))
    throw new UsageError(`${flag} must not be inside repository metadata (.git): ${folder}`);
  const real = outsideRoot(root, resolved);
  if (real !== undefined) {
    throw new UsageError(
      `${flag} must be a folder inside the target root ${root}: ${folder} leads to ${real} through a symbolic link`,
    );
  }
  return resolved;
}
