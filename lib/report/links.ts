// Where the reports point readers for a reason id's advice: the README's reason table, whose rows carry
// `<a id="reason-<id>">` anchors (test/readme.test.ts keeps one row per id). The package page renders that README.
export const README_URL = 'https://www.npmjs.com/package/mcp-mrtr-codemod';

/** The README anchor of a reason id: `<README_URL>#reason-<id>`. */
export function reasonUrl(reason: string): string {
  return `${README_URL}#reason-${reason}`;
}
