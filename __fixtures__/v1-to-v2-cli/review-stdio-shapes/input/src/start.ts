#!/usr/bin/env node
import { startGreeter } from './started.js';

async function main() {
  await startGreeter();
}

main().catch((error) => {
  console.error('Fatal error in main():', error);
  process.exit(1);
});
