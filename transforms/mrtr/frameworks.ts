// Frameworks built on the SDK that ask the client through an API of their own: the source of truth for which framework
// calls are reported (reason `framework-api`). Each row was read from the framework's own sources or documentation.
import type { SiteKind } from '../../lib/model.js';
import { PUSH_KINDS, PUSH_METHOD_TABLE } from './pushMethods.js';

/**
 * How the receiver of a framework API looks:
 * - `session`: a FastMCP session (`session`, `this.session`, `server.sessions[0]`, a local holding one);
 * - `parameter`: a parameter of the function holding the call (the handler's context or `extra` argument);
 * - `this`: `this` in a class that extends a class imported from the framework's package;
 * - `context-server`: `<parameter>.mcpServer.server`, the SDK server a framework context carries;
 * - `rpc`: any receiver, the API named by the MCP method itself in an element access (`client["sampling/createMessage"](...)`).
 */
export type FrameworkReceiver = 'session' | 'parameter' | 'this' | 'context-server' | 'rpc';

export interface Framework {
  /** The name the report uses. */
  name: string;
  /** npm packages (a subpath import counts too: `agents/mcp`). */
  packages: readonly string[];
  /** Where the framework's own MRTR form is, when it has one; otherwise the report says to upgrade or move the tool to the SDK. */
  mrtr?: string;
}

export interface FrameworkApi {
  framework: Framework;
  receiver: FrameworkReceiver;
  /** The method the code calls. */
  api: string;
  kind: SiteKind;
  /** Reported when the file's group of linked files imports the package, not only the file itself (a distinctive name). */
  linked?: true;
}

const FASTMCP: Framework = { name: 'FastMCP', packages: ['fastmcp'] };
const XMCP: Framework = {
  name: 'xmcp',
  packages: ['xmcp'],
  mrtr: 'return inputRequired({ inputRequests }) from the tool (xmcp re-exports the SDK helpers) and read the answers from extra.inputResponses',
};
const MCP_FRAMEWORK: Framework = { name: 'mcp-framework', packages: ['mcp-framework'] };
const CLOUDFLARE_AGENTS: Framework = {
  name: 'Cloudflare Agents',
  packages: ['agents'],
  mrtr: 'register the tool on a v2 McpServer served with createMcpHandler (agents/mcp/server) and return inputRequired({ inputRequests }) from it',
};
const MCP_NEST: Framework = {
  name: 'MCP-Nest',
  packages: ['@rekog/mcp-nest'],
  mrtr: "on a release built on the v2 SDK, return the SDK's inputRequired({ inputRequests }) from the handler instead of asking (MCP-Nest's protocol-revisions guide)",
};
const MCP_TS_CORE: Framework = {
  name: 'mcp-ts-core (cyanheads mcp-ts-template)',
  packages: ['@cyanheads/mcp-ts-core'],
};

const EFFECT_AI: Framework = { name: '@effect/ai (McpServer)', packages: ['@effect/ai'] };

export const FRAMEWORK_APIS: readonly FrameworkApi[] = [
  // FastMCP: FastMCPSession.requestSampling / requestElicitation, and the tool context's elicit.
  { framework: FASTMCP, receiver: 'session', api: 'requestSampling', kind: 'sampling', linked: true },
  { framework: FASTMCP, receiver: 'session', api: 'requestElicitation', kind: 'elicitation', linked: true },
  { framework: FASTMCP, receiver: 'parameter', api: 'elicit', kind: 'elicitation' },
  // xmcp: the tool's `extra: ToolExtraArguments`.
  { framework: XMCP, receiver: 'parameter', api: 'elicit', kind: 'elicitation' },
  { framework: XMCP, receiver: 'parameter', api: 'sample', kind: 'sampling' },
  // mcp-framework: protected methods of MCPTool.
  { framework: MCP_FRAMEWORK, receiver: 'this', api: 'elicit', kind: 'elicitation' },
  { framework: MCP_FRAMEWORK, receiver: 'this', api: 'elicitUrl', kind: 'elicitation' },
  { framework: MCP_FRAMEWORK, receiver: 'this', api: 'samplingRequest', kind: 'sampling' },
  { framework: MCP_FRAMEWORK, receiver: 'this', api: 'samplingRequestWithTools', kind: 'sampling' },
  { framework: MCP_FRAMEWORK, receiver: 'this', api: 'getRoots', kind: 'roots' },
  // Cloudflare Agents: McpAgent.elicitInput.
  { framework: CLOUDFLARE_AGENTS, receiver: 'this', api: 'elicitInput', kind: 'elicitation' },
  // MCP-Nest: the SDK server of the handler's McpContext (`ctx.mcpServer.server`): the SDK server's asks.
  ...PUSH_METHOD_TABLE.flatMap((row) =>
    row.kind && !row.notifier && row.roles.includes('server')
      ? [{ framework: MCP_NEST, receiver: 'context-server' as const, api: row.name, kind: row.kind }]
      : [],
  ),
  // mcp-ts-core: the handler's unified Context (`ctx.elicit(message, schema)`, `ctx.sample(messages, opts)`).
  { framework: MCP_TS_CORE, receiver: 'parameter', api: 'elicit', kind: 'elicitation' },
  { framework: MCP_TS_CORE, receiver: 'parameter', api: 'sample', kind: 'sampling' },
  // @effect/ai: the McpServerClient's RPC methods, named by the MCP method (`yield* client["sampling/createMessage"](req)`).
  ...(['sampling', 'elicitation', 'roots'] as const).map((kind) => ({
    framework: EFFECT_AI,
    receiver: 'rpc' as const,
    api: PUSH_KINDS[kind].method,
    kind,
  })),
];

/**
 * Where a framework runs a handler, so that a site in it is classified like one in an SDK registration (the
 * framework owns these handlers: they are entries of a chain, never registrations a planner could rewrite):
 * - `option`: the function under `property` of the options object passed to a call named `call` (`server.addTool({ execute })`);
 * - `default-export`: the file's default export (file-routed tools);
 * - `method`: the method `property` of a class extending the framework's class `call`;
 * - `decorator`: a method decorated with `@<call>(...)`.
 */
export interface FrameworkEntry {
  framework: Framework;
  shape: 'option' | 'default-export' | 'method' | 'decorator';
  call: string;
  property: string;
  family: 'tools/call' | 'prompts/get' | 'resources/read';
}

export const FRAMEWORK_ENTRIES: readonly FrameworkEntry[] = [
  { framework: FASTMCP, shape: 'option', call: 'addTool', property: 'execute', family: 'tools/call' },
  { framework: FASTMCP, shape: 'option', call: 'addPrompt', property: 'load', family: 'prompts/get' },
  { framework: FASTMCP, shape: 'option', call: 'addResource', property: 'load', family: 'resources/read' },
  { framework: FASTMCP, shape: 'option', call: 'addResourceTemplate', property: 'load', family: 'resources/read' },
  { framework: XMCP, shape: 'default-export', call: '', property: '', family: 'tools/call' },
  { framework: MCP_FRAMEWORK, shape: 'method', call: 'MCPTool', property: 'execute', family: 'tools/call' },
  { framework: MCP_NEST, shape: 'decorator', call: 'Tool', property: '', family: 'tools/call' },
  { framework: MCP_NEST, shape: 'decorator', call: 'Prompt', property: '', family: 'prompts/get' },
  { framework: MCP_NEST, shape: 'decorator', call: 'Resource', property: '', family: 'resources/read' },
  { framework: MCP_NEST, shape: 'decorator', call: 'ResourceTemplate', property: '', family: 'resources/read' },
  { framework: MCP_TS_CORE, shape: 'option', call: 'tool', property: 'handler', family: 'tools/call' },
  { framework: MCP_TS_CORE, shape: 'option', call: 'resource', property: 'handler', family: 'resources/read' },
];

/** Every framework package: a file importing one is analysed like a file importing the SDK. */
export const FRAMEWORK_PACKAGES: readonly string[] = [
  ...new Set(FRAMEWORK_APIS.flatMap((row) => row.framework.packages)),
];

/** The API names, for the prefilter. */
export const FRAMEWORK_API_NAMES: readonly string[] = [...new Set(FRAMEWORK_APIS.map((row) => row.api))];
