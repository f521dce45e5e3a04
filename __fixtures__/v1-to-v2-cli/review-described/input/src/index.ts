#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { build } from './server.js';

await build().connect(new StdioServerTransport());
