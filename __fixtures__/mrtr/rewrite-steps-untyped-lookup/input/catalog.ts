export interface Dataset {
  name: string;
  rows: number;
  owner?: { email: string };
}

/** The datasets this server knows, by name. */
export class DatasetCatalog {
  private readonly byName = new Map<string, Dataset>([
    ['sales', { name: 'sales', rows: 1200, owner: { email: 'ada@example.com' } }],
    ['staff', { name: 'staff', rows: 40 }],
  ]);
  lookups = 0;

  get(name: string) {
    this.lookups++;
    return this.byName.get(name);
  }

  delete(name: string) {
    return this.byName.delete(name);
  }
}

/** Who may still be asked about a dataset. */
export const directory = {
  checks: 0,
  async isActive(name: string) {
    this.checks++;
    return name !== 'staff';
  },
};
