import { Server } from '@modelcontextprotocol/server';
import { createTransport } from 'nodemailer';

const server = new Server({ name: 'mailer', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/call', async (request, ctx) => {
  // Everything a tool may use, built for each call.
  const services = { server, mail: createTransport(process.env.SMTP_URL) };
  const to = String(request.params.arguments?.to ?? '');
  const answer = await ctx.mcpReq.elicitInput({
    message: `Send the report to ${to}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'Not sent.' }] };
  await services.mail.sendMail({ to, subject: 'Report', text: 'See attached.' });
  return { content: [{ type: 'text', text: `Sent to ${to}.` }] };
});

export default server;
