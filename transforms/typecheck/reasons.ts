import type { ReasonCatalogue } from '../../lib/transform.js';

// The reason catalogue of the type check of the migrated project (`typecheck/<reason-id>`). The README's reason table
// lists each one with this message and advice (test/readme.test.ts).
export const REASONS = {
  'post-migration-type-error': {
    message:
      'the migrated project has a type error its original did not have (its own tsconfig, its installed dependencies)',
    advice:
      'Fix the error in the migrated code before merging (the message names where it comes from: the v1-to-v2 step, an MRTR rewrite, or a change in another file whose types reach this one); run `npx tsc --noEmit` to see it in context.',
    level: 'error',
  },
  'type-check-incomplete': {
    message:
      'the type check ran without packages the migrated code imports (they are added to package.json but not installed yet): errors that depend on them are not shown',
    advice:
      'Install the dependencies (`npm install`) after the migration, then run `npx tsc --noEmit` and fix what it reports.',
    level: 'note',
  },
} as const satisfies ReasonCatalogue;
