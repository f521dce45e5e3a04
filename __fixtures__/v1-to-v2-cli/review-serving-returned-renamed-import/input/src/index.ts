import { startServer as start } from './server.js';
await start();
