// Repro: handlers loaded through a computed dynamic import are reported as `dead`
// ("delete it if unused") although every tool reaches them.
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';

export const server = new McpServer({name: 'repro', version: '1.0.0'});

for (const tool of ['dml', 'tests']) {
	server.registerTool(tool, {description: tool}, async (params, extra) => {
		const mod = await import(`./tools/${tool}.js`);
		return mod[`${tool}ToolHandler`](params, extra);
	});
}
