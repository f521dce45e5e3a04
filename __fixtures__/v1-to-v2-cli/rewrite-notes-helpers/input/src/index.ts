#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { build } from './server.js';

const server = build();
await server.connect(new StdioServerTransport());
