import { Node } from '../../../lib/tsMorph.cjs';

/** The innermost statement in a statement list (block, file, case clause) that holds the node. */
export function statementOf(node: Node): Node {
  let current: Node = node;
  for (let parent = current.getParent(); parent; current = parent, parent = parent.getParent()) {
    if (
      Node.isStatement(current) &&
      (Node.isBlock(parent) ||
        Node.isSourceFile(parent) ||
        Node.isCaseClause(parent) ||
        Node.isDefaultClause(parent) ||
        Node.isModuleBlock(parent))
    ) {
      return current;
    }
  }
  return current;
}
