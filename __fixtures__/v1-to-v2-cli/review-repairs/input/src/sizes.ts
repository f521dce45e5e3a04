// Sizes a count can be split by: zod's default import (`import z from 'zod'`, the same namespace in zod 3 and 4) and
// zod 3's one-argument record form, in a module that does not import the SDK.
import z from 'zod';

export const Sizes = z.record(z.number().int().nonnegative());

/** `size:count` pairs of the sizes given, or why they were refused. */
export function describeSizes(value: unknown): string {
  const parsed = Sizes.safeParse(value ?? {});
  if (!parsed.success) return 'refused sizes';
  return Object.entries(parsed.data)
    .map(([size, count]) => `${size}:${count}`)
    .join(', ');
}
