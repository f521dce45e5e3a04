// The type check of the migrated project as the runner sees it (lib/transform.ts): no sites, no edits; a verify step
// that compiles the project with its own tsconfig and installed dependencies before and after the run's changes and
// reports each error the migration introduced. Light to import: the compiler loads when a run verifies.
import type { Transform } from '../../lib/transform.js';
import { TYPECHECK_ID } from './ids.js';
import { TYPECHECK_OPTIONS, type TypecheckOptions } from './options.js';
import { REASONS } from './reasons.js';

export type { TypecheckOptions } from './options.js';

export const typecheck: Transform<TypecheckOptions> = {
  id: TYPECHECK_ID,
  reasons: REASONS,
  options: TYPECHECK_OPTIONS,
  verify: {
    enabled: (options) => options.typecheck !== false,
    async run(context) {
      const { typeCheckMigration } = await import('./typeCheck.js');
      return typeCheckMigration(context);
    },
  },
};
