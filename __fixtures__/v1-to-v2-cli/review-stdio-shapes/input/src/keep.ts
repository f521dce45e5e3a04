import { startKept } from './kept.js';

const server = await startKept();
process.once('SIGTERM', () => void server.close());
