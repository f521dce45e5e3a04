import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A scratch directory: written, read back, removed. */
export class Scratch {
  private constructor(readonly dir: string) {}

  static async open(): Promise<Scratch> {
    return new Scratch(await mkdtemp(path.join(tmpdir(), 'scratch-')));
  }

  async write(name: string, text: string): Promise<void> {
    await writeFile(path.join(this.dir, name), text);
  }

  async read(name: string): Promise<string> {
    return readFile(path.join(this.dir, name), 'utf8');
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
