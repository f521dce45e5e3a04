import { startServer } from './server.js';
await startServer();
export const again = () => startServer();
