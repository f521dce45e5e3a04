import { startServer } from './server.js';
const server =
  await startServer();
