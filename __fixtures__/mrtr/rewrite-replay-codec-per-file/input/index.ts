import { server } from './server.js';
import { registerFileTools } from './tools/files.js';
import { registerNoteTools } from './tools/notes.js';

registerNoteTools(server);
registerFileTools(server);

export function build() {
  return server;
}
