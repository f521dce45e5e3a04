import fs from 'node:fs';

/** A file's text, or undefined when it cannot be read (absent, a folder, no permission). */
export function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
