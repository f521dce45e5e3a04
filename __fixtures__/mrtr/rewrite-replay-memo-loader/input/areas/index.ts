import type { Area, AreaName } from '../types.js';

// Each area's module is loaded the first time one of its tools is called, and kept.
const loaded = new Map<AreaName, Area>();

export async function loadArea(name: AreaName): Promise<Area> {
  const known = loaded.get(name);
  if (known) return known;

  let area: Area;
  switch (name) {
    case 'billing': {
      const { billing } = await import('./billing.js');
      area = billing;
      break;
    }
    case 'stock': {
      const { stock } = await import('./stock.js');
      area = stock;
      break;
    }
    default:
      throw new Error(`Unknown area: ${String(name)}`);
  }

  loaded.set(name, area);
  return area;
}
