// Labels a count can be filtered by: a string-keyed record in zod 3's one-argument form, in a module that does not
// import the SDK (the zod raise reaches it all the same).
import { z } from 'zod';

export const Labels = z.record(z.string(), z.string().min(1));

/** `key=value` pairs of the labels given, or why they were refused. */
export function describeLabels(value: unknown): string {
  const parsed = Labels.safeParse(value ?? {});
  if (!parsed.success) return 'refused labels';
  return Object.entries(parsed.data)
    .map(([key, label]) => `${key}=${label}`)
    .join(', ');
}
