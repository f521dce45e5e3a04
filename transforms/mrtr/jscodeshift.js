// The jscodeshift transform of this package: the same per-file plan as the CLI (see api/jscodeshift.cts).
//   npx jscodeshift -t node_modules/mcp-mrtr-codemod/transforms/mrtr/jscodeshift.js --extensions=ts,tsx,mts,cts,js,jsx,mjs,cjs src
// jscodeshift require()s it: as an ES module (Node >= 20.19), or compiled to CommonJS by its babel hook.
import transform from '../../dist/api/jscodeshift.cjs';

export default transform;
// jscodeshift's parser option; the transform never parses with it (the plan comes from the TypeScript analysis).
export const parser = 'tsx';
