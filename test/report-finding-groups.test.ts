// A finding that says the same thing in many files (the official codemod's `ErrorCode split ...`, once per file it
// changes) is one item in the text report, the Markdown checklist and SARIF, with the list of its places.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audit, toMarkdown, toSarif, toText } from '../api/index.js';

const TOOL = (name: string) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

export function register${name}(server: McpServer): void {
  server.registerTool('${name.toLowerCase()}', { description: '${name}' }, async () => {
    throw new McpError(ErrorCode.InvalidParams, 'no ${name}');
  });
}
`;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('findings that say the same thing in many files', () => {
  it('are one line, one checklist item and one SARIF result, each listing every place', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-finding-groups-'));
    temps.push(dir);
    for (const name of ['Alpha', 'Beta', 'Gamma']) fs.writeFileSync(path.join(dir, `${name}.ts`), TOOL(name));
    const report = await audit({ paths: [dir], v1ToV2: true, typecheck: false });
    // The same reason and message once per file: the case this is about.
    const byText = new Map<string, typeof report.findings>();
    for (const f of report.findings ?? [])
      byText.set(`${f.transform}/${f.reason} ${f.message}`, [
        ...(byText.get(`${f.transform}/${f.reason} ${f.message}`) ?? []),
        f,
      ]);
    const repeated = [...byText.values()].find((list) => new Set(list!.map((f) => f.file)).size === 3)!;
    expect(repeated, 'a finding of the v1 step repeated in the three files').toBeDefined();
    const { transform, reason, message } = repeated[0]!;

    const text = toText(report, { verbose: true });
    const textLines = text.split('\n').filter((l) => l.includes(message));
    expect(textLines).toHaveLength(1);
    const placesLine = text.split('\n')[text.split('\n').indexOf(textLines[0]!) + 1]!;
    for (const f of repeated) expect(placesLine).toContain(`${f.file}:${f.line}`);

    const markdown = toMarkdown(report);
    const items = markdown.split('\n').filter((l) => l.includes(`\`${transform}/${reason}\``) && l.includes(message));
    expect(items).toHaveLength(1);
    for (const f of repeated) expect(items[0]).toContain(f.file);

    const results = JSON.parse(toSarif(report)).runs[0].results.filter(
      (r: { ruleId: string; message: { text: string } }) =>
        r.ruleId === `${transform}/${reason}` && r.message.text === message,
    );
    expect(results).toHaveLength(1);
    const uris = results[0].locations.map(
      (l: { physicalLocation: { artifactLocation: { uri: string } } }) => l.physicalLocation.artifactLocation.uri,
    );
    expect(uris.sort()).toEqual(repeated.map((f) => f.file).sort());
  });
});
