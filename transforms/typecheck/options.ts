// The type check's option (lib/transform.ts declares how options are declared): on by default, in the library and
// the CLI alike.
import type { OptionDeclarations } from '../../lib/transform.js';

export interface TypecheckOptions {
  /**
   * Type-check the migrated project with its own tsconfig and installed dependencies, before and after the run's
   * changes, and report each error the migration introduced (`typecheck/post-migration-type-error`). On by default
   * (`--no-typecheck` in the CLI); skipped, with the reason in `checks`, when the dependencies are not installed.
   */
  typecheck?: boolean;
}

export const TYPECHECK_OPTIONS: OptionDeclarations<TypecheckOptions> = {
  typecheck: {
    type: 'boolean',
    default: true,
    cli: {
      flag: '--no-typecheck',
      help: 'do not type-check the migrated project (its own tsconfig, with its installed dependencies) for errors the migration introduces',
    },
  },
};
