import type { Confirmations } from './confirmations.js';

// Set by the server module at startup.
let confirmations: Confirmations | null = null;

export function useConfirmations(instance: Confirmations): void {
  confirmations = instance;
}

const deleted: string[] = [];

export async function deleteTicket(id: string): Promise<string> {
  if (confirmations && !(await confirmations.confirm(`Delete ticket ${id}?`))) return `Kept ${id}.`;
  deleted.push(id);
  return `Deleted ${id}.`;
}

export function deletedTickets(): string {
  return deleted.join(', ') || '(none)';
}
