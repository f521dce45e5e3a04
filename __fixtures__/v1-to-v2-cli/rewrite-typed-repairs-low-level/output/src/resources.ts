// The part of the server this module needs, written against the SDK's registration of the time.
export type ResourceServer = {
  setRequestHandler(
    schema: 'resources/read',
    handler: (request: { params: { uri: string } }) => Promise<{ contents: Array<{ uri: string; mimeType: string; text: string }> }>,
  ): void;
};

export function registerResources(server: ResourceServer, names: () => string[]): void {
  server.setRequestHandler('resources/read', async (request) => ({
    contents: [{ uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(names()) }],
  }));
}
