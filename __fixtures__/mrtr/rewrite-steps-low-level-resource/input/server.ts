import { Server } from '@modelcontextprotocol/server';

const WHO = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };
const WHY = { type: 'object' as const, properties: { reason: { type: 'string' as const } }, required: ['reason'] };

// Security tickets: reading one asks who reads it and why, and the answers go into its access log.
const TICKETS: Record<string, string> = {
  'tickets://SEC-7': 'Rotate the signing keys.',
  'tickets://SEC-7-other': 'Audit the admin accounts.',
};

export function build() {
  const server = new Server({ name: 'tickets', version: '1.0.0' }, { capabilities: { resources: {} } });

  server.setRequestHandler('resources/read', async ({ params: { uri } }, ctx) => {
    const who = await ctx.mcpReq.elicitInput({ message: `Who reads ${uri}?`, requestedSchema: WHO });
    if (who.action !== 'accept') return { contents: [{ uri, text: 'Not read.' }] };
    const why = await ctx.mcpReq.elicitInput({ message: `Why does ${String(who.content?.name)} read it?`, requestedSchema: WHY });
    if (why.action !== 'accept') return { contents: [{ uri, text: 'Not read.' }] };
    const text = TICKETS[uri] ?? 'No such ticket.';
    return { contents: [{ uri, text: `${text} (read by ${String(who.content?.name)}: ${String(why.content?.reason)})` }] };
  });

  return server;
}
