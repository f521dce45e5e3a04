// The serving rewrite's vocabulary, as data: its review item, the v2 modules it imports from, and the
// transports it routes.

/** The review item for a server connect that serves 2025-era clients only; its marker is the standard review marker. */
export const SERVING_2025_ONLY = 'serving-2025-only';

/** The v2 stdio entry: `serveStdio` and `StdioServerTransport`. */
export const STDIO_MODULE = '@modelcontextprotocol/server/stdio';

/** The Streamable HTTP server transports of the v2 SDK, as the official codemod names them, and where they come from. */
export const HTTP_TRANSPORTS: Record<string, 'node' | 'web'> = {
  NodeStreamableHTTPServerTransport: 'node',
  WebStandardStreamableHTTPServerTransport: 'web',
};
