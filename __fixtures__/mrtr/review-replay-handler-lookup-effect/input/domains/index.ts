import type { AreaHandler, AreaName } from '../types.js';

export const AREAS: AreaName[] = ['notes', 'clock'];

const areaCache = new Map<AreaName, AreaHandler>();

/** Loads an area's module on first use. */
export async function getAreaHandler(area: AreaName): Promise<AreaHandler> {
  const cached = areaCache.get(area);
  if (cached) return cached;
  let handler: AreaHandler;
  switch (area) {
    case 'notes': {
      const { notesHandler } = await import('./notes.js');
      handler = notesHandler;
      break;
    }
    case 'clock': {
      const { clockHandler } = await import('./clock.js');
      handler = clockHandler;
      break;
    }
    default:
      throw new Error(`Unknown area: ${String(area)}`);
  }
  areaCache.set(area, handler);
  return handler;
}

/** The area whose tools hold `toolName`, or undefined. */
export async function getHandlerForTool(toolName: string): Promise<AreaHandler | undefined> {
  for (const area of AREAS) {
    const handler = await getAreaHandler(area);
    if (handler.getTools().some((tool) => tool.name === toolName)) {
      return handler;
    }
  }
  return undefined;
}
