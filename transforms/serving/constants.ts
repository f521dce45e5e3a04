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

/**
 * The transform id the serving findings are named under: the v1 step's, where the serving rewrite began, so that the
 * names reports, SARIF rules and CI filters know (`v1-to-v2/served-by-serve-stdio`, `v1-to-v2/serving-2025-only`)
 * stay the same whichever step serves a file; their catalogue is SERVING_REASONS (reasons.ts), listed with the v1
 * step's reasons.
 */
export const FINDINGS_TRANSFORM = 'v1-to-v2';
