import { randomUUID } from 'node:crypto';

export interface Note {
  id: string;
  title: string;
  body: string;
  updatedAt: string;
}

export class NoteStore {
  private readonly notes = new Map<string, Note>();

  add(title: string, body: string): Note {
    const note: Note = { id: randomUUID(), title, body, updatedAt: new Date().toISOString() };
    this.notes.set(note.id, note);
    return note;
  }

  get(id: string): Note | undefined {
    return this.notes.get(id);
  }

  list(): Note[] {
    return [...this.notes.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  rename(id: string, title: string): Note | undefined {
    const note = this.notes.get(id);
    if (!note) return undefined;
    note.title = title;
    note.updatedAt = new Date().toISOString();
    return note;
  }

  delete(id: string): boolean {
    return this.notes.delete(id);
  }

  clear(): number {
    const count = this.notes.size;
    this.notes.clear();
    return count;
  }
}
