import {server} from '../server.js';

// expected: unresolved (unresolved-caller), or tools/call via the computed import
// actual:   dead (dead-code: "Delete the helper if it is unused")
export async function dmlToolHandler(params) {
	/* @mcp-mrtr-review unresolved-caller: the function holding this request is passed around as a value the audit cannot follow to a handler */
	const r = await server.server.elicitInput({message: `Delete ${params.id}?`, requestedSchema: {type: 'object', properties: {}}});
	return {content: [{type: 'text', text: r.action}]};
}
