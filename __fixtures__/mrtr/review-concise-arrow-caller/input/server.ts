// Repro: a call that IS the concise body of an arrow function (`() => helper()`)
// is treated as module level (family startup, frame <module>) instead of being
// followed through the arrow to its registration / timer / oninitialized.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'repro', version: '1.0.0' });

async function fetchRoots(s: McpServer) {
  return s.server.listRoots(); // site 1
}

// expected: tools/call ask_roots      got: startup <module>
server.registerTool('ask_roots', {}, async () => fetchRoots(server));
// expected: timer setTimeout          got: startup <module>
setTimeout(() => fetchRoots(server), 100);
// expected: oninitialized             got: startup <module>
server.server.oninitialized = () => fetchRoots(server);
// control, block body: tools/call ask_roots_block (correct)
server.registerTool('ask_roots_block', {}, async () => { return fetchRoots(server); });

// site 2, itself a concise body. expected: oninitialized   got: startup
server.server.oninitialized = () => server.server.listRoots();
