import { Node } from '../../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../../lib/edits.js';
import type { FileStyle } from './codeText.js';

// What every rewrite of a handler shares: its edits and SDK names, the widened return type, and the client
// capabilities read from the request.

export interface HandlerRewrite {
  edits: TextEdit[];
  /** Names the rewritten code needs from `@modelcontextprotocol/server`. */
  imports: string[];
}

/**
 * `async (args, ctx): Promise<CallToolResult> => ...` must also admit the input-required result now: the edit
 * that adds `| InputRequiredResult` to a declared return type (inside `Promise<...>`), if there is one to widen.
 */
export function widenReturnType(handler: Node): TextEdit | undefined {
  const returnType = (handler as { getReturnTypeNode?: () => Node | undefined }).getReturnTypeNode?.();
  if (!returnType || /\bInputRequiredResult\b/.test(returnType.getText())) return undefined;
  const promised =
    Node.isTypeReference(returnType) && returnType.getTypeName().getText() === 'Promise'
      ? returnType.getTypeArguments()[0]
      : undefined;
  const target = promised ?? returnType;
  return { start: target.getEnd(), end: target.getEnd(), text: ' | InputRequiredResult' };
}

/** The request's own client capabilities (2026 era), else what initialize declared (2025 era, through the shim). */
export function capabilitiesOf(mcpReq: string, fallback: string, style: FileStyle): string {
  const envelope = style.typescript
    ? `((${mcpReq}.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)`
    : `${mcpReq}.envelope?.[CLIENT_CAPABILITIES_META_KEY]`;
  return `${envelope} ?? ${fallback}`;
}
