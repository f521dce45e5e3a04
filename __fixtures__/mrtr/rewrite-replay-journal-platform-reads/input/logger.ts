import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

function write(line: string): void {
  console.error(line);
}

/** A logger whose lines start with the component's name. */
export function createLogger(component: string): Logger {
  const at = (level: string) => (message: string) => write(`[${component}] ${level}: ${message}`);
  return {
    info: at('info'),
    warn(message) {
      write(`[${component}] warn: ${message}`);
    },
  };
}

/** A logger named after the module that makes it (`createModuleLogger(import.meta.url)`). */
export function createModuleLogger(moduleUrl: string): Logger {
  try {
    const name = path.basename(fileURLToPath(moduleUrl)).replace(/\.[^.]+$/, '');
    return createLogger(name || 'app');
  } catch {
    return createLogger('app');
  }
}
