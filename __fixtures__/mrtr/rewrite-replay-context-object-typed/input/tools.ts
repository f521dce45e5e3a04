import type { CallToolResult } from '@modelcontextprotocol/server';

/** What a tool may ask of the request it runs in (the server builds one per call). */
export interface ToolContext {
  confirm(message: string): Promise<boolean>;
}

export interface ToolDef {
  name: string;
  description: string;
  execute(input: string, context: ToolContext): Promise<CallToolResult>;
}

const notes = new Set(['n1', 'n2']);
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

/** Asks through the function given; a refusal is no. */
async function confirmWith(ask: (message: string) => Promise<boolean>, message: string): Promise<boolean> {
  return ask(message);
}

// The tools' own parameters are typed by the list they are declared in.
export const TOOLS: ToolDef[] = [
  {
    name: 'delete_note',
    description: 'Delete a note after confirmation',
    async execute(input, context) {
      if (!notes.has(input)) return text(`No note ${input}.`);
      if (!(await confirmWith(context.confirm, `Delete note ${input}?`))) return text('Kept.');
      notes.delete(input);
      return text(`Deleted note ${input}.`);
    },
  },
  {
    name: 'count_notes',
    description: 'How many notes there are',
    async execute() {
      return text(`${notes.size} notes.`);
    },
  },
];
