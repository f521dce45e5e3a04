/** The workspace: file name -> text. */
export const files = new Map<string, string>([
  ['notes.md', 'Buy milk'],
  ['todo.md', 'Ship it'],
]);
