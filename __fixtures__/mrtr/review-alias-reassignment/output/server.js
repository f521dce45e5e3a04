// Repro: a handler alias that is re-assigned (`h = fallback`) gets a spurious `<unresolved>`
// chain at the assignment, so a tools/call-only site is reported as `mixed`.
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({name: 'repro', version: '1.0.0'});

async function confirm(args) {
	/* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
	const r = await server.server.elicitInput({message: `Run ${args.name}?`, requestedSchema: {type: 'object', properties: {}}});
	return {content: [{type: 'text', text: r.action}]};
}
const fallback = async () => ({content: []});
const handlers = {confirm};

server.registerTool('run', {description: 'run'}, async (args, extra) => {
	let handler = handlers[args.name];
	if (!handler) {
		handler = fallback; // a write to the alias, not a use of `confirm`
	}
	return await handler(args, extra);
});
// expected: [tools/call] via tools/call run -> confirm
// actual:   [mixed] with an extra chain `<unresolved> (server.js:17) -> confirm`
