import { startServer } from './server.js';
startServer().catch((e) => {
  process.exit(1);
});
