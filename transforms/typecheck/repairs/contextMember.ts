// A v1 handler-context member (`extra.sendRequest`, `extra.signal`, `extra.authInfo`) on a context the v1 step could
// not see was one: its parameter is typed in another file (`handler: (args, extra: RequestHandlerExtra) => ...` in a
// project type of a tools table), which the official codemod retyped as `ServerContext`. v2's ServerContext has no
// such member (TS2339), and at run time the call throws (`extra.sendRequest is not a function`) where it answered
// before. The member becomes its v2 path (`extra.mcpReq.send`, the table of the v1 step's own mapping), found by the
// compiler's type of the object: only a `ServerContext` the SDK's packages declare.
import { CONTEXT_MEMBERS } from '../../v1-to-v2/constants.js';
import type { TypedRepair } from './types.js';

export const contextMember: TypedRepair = {
  id: 'context-member',
  codes: [2339, 2551],
  repair({ ts, checker, node }) {
    const access = node.parent;
    if (!access || !ts.isPropertyAccessExpression(access) || access.name !== node) return undefined;
    const mapped = CONTEXT_MEMBERS.find((m) => m.from === access.name.text);
    if (!mapped) return undefined;
    const type = checker.getNonNullableType(checker.getTypeAtLocation(access.expression));
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declared = symbol?.declarations?.some((d) => /@modelcontextprotocol\//.test(d.getSourceFile().fileName));
    if (symbol?.getName() !== 'ServerContext' || !declared) return undefined;
    // From the dot (`?.` keeps its question mark) to the member's end: `extra?.sendRequest` -> `extra?.mcpReq.send`.
    const dot = access.questionDotToken ?? access.expression;
    const start = access.questionDotToken ? dot.getEnd() - 1 : dot.getEnd();
    return { edits: [{ start, end: access.name.getEnd(), text: mapped.to }] };
  },
};
