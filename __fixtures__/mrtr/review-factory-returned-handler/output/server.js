// Repro: the registered callback is the closure *returned* by a factory call
// (`registerTool(name, def, makeHandler(name))`). The helper it calls is reported as
// `unresolved` instead of `tools/call`.
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({name: 'repro', version: '1.0.0'});

async function confirmDeploy(args) {
	/* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
	const answer = await server.server.elicitInput({message: `Deploy ${args.dir}?`, requestedSchema: {type: 'object', properties: {}}});
	return {content: [{type: 'text', text: answer.action}]};
}

const makeHandler = (tool) => {
	return async (params, extra) => {
		console.error(`calling ${tool}`);
		return await confirmDeploy(params, extra);
	};
};

// expected: tools/call deploy -> <anonymous> (returned closure) -> confirmDeploy
// actual:   <unresolved> (server.js:14) -> confirmDeploy, reason unresolved-caller
server.registerTool('deploy', {description: 'deploy'}, makeHandler('deploy'));
