export { startServer } from './server.js';
