import http from 'node:http';

// Not MCP: an HTTP server and a mock object that happen to be called `server`.
const server = http.createServer((req, res) => res.end('ok'));
const mock = {
  server: {
    elicitInput: async (params: { message: string }) => ({ action: 'decline' as const, message: params.message }),
    createMessage: async () => ({ model: 'fake', role: 'assistant' as const, content: { type: 'text' as const, text: '' } }),
  },
};

server.on('request', async () => {
  await mock.server.elicitInput({ message: 'Confirm?' });
  await mock.server.createMessage();
});

server.listen(8080);
