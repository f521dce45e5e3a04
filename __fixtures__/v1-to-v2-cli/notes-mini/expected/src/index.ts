#!/usr/bin/env node
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { build } from './server.js';

await build().connect(new StdioServerTransport());
