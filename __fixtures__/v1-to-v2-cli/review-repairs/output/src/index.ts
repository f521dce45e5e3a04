#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { build } from './server.js';

serveStdio(() => build());
