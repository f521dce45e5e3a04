export interface Note {
  id: string;
  title: string;
  body: string;
  archived: boolean;
}

/** The notes every new server instance starts with (fixed ids, no clock: the same on every run). */
export const SEED: readonly Note[] = [
  { id: 'n1', title: 'Groceries', body: 'Milk, eggs, coffee beans, and something for the weekend.', archived: false },
  { id: 'n2', title: 'Release plan', body: 'Freeze on Monday, release candidate on Wednesday, ship on Friday.', archived: false },
  { id: 'n3', title: 'Old ideas', body: 'A notes app that asks before it deletes anything.', archived: true },
  { id: 'n4', title: '2024 retro', body: 'Fewer meetings, more demos.', archived: true },
];

/** An in-memory note store. Lookups read `byId` directly; every change goes through a method. */
export class NoteStore {
  readonly byId: Partial<Record<string, Note>> = Object.create(null) as Partial<Record<string, Note>>;
  private seq = 0;

  constructor(seed: readonly Note[] = SEED) {
    for (const note of seed) this.byId[note.id] = { ...note };
    this.seq = seed.length;
  }

  /** Live notes, in id order. */
  get active(): Note[] {
    return this.all().filter((n) => !n.archived);
  }

  /** Archived notes, in id order. */
  get archive(): Note[] {
    return this.all().filter((n) => n.archived);
  }

  add(title: string, body: string): Note {
    const note: Note = { id: `n${++this.seq}`, title, body, archived: false };
    this.byId[note.id] = note;
    return note;
  }

  rename(id: string, title: string): Note | undefined {
    const note = this.byId[id];
    if (note) note.title = title;
    return note;
  }

  delete(id: string): boolean {
    const found = this.byId[id] !== undefined;
    delete this.byId[id];
    return found;
  }

  private all(): Note[] {
    return Object.values(this.byId)
      .filter((n): n is Note => n !== undefined)
      .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  }
}
