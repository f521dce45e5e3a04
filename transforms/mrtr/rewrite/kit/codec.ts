import { Node } from '../../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../../lib/edits.js';
import type { ServerWiring } from '../../plan/planWiring.js';
import { freshName, type FileStyle } from './codeText.js';
import { insertionPoint, isCommonJs, namedImportEdit } from './moduleImports.js';
import {
  PLACEHOLDER_REST_CHARS,
  PLACEHOLDER_WORDS,
  STATE_USED_MESSAGE,
  USED_STATES_TYPE,
  usedStatesInMemoryLines,
} from './usedStates.js';

/** The env var holding the requestState secret (>= 32 bytes, the same on every server instance). */
export const STATE_SECRET_ENV = 'MCP_REQUEST_STATE_SECRET';
/** A secret whose character frequencies give fewer bits than this is refused (random hex of 32 characters gives about 110). */
export const WEAK_SECRET_BITS = 80;
/** How long a minted requestState stays valid: long enough for a person to answer a form, short enough to bound replays. */
export const STATE_TTL_SECONDS = 600;
/** The HKDF label of the requestState encryption key: derived from the same secret, distinct from the signing key. */
export const STATE_ENCRYPTION_LABEL = 'mcp-mrtr requestState encryption';
/** The helper that seals a codec's payloads with AES-256-GCM: `encryptedState(createRequestStateCodec(...), secret)`. */
export const ENCRYPTED_STATE_HELPER = 'encryptedState';

/**
 * Once per file that constructs a server with step functions: the codec (key from MCP_REQUEST_STATE_SECRET; without
 * a usable one the server still starts and the requests that need a state say why they are refused; a TTL; bound to
 * the method and the authenticated client) and its verify
 * wired into the constructor's options, so a tampered, expired or foreign state is rejected (-32602) before
 * any handler runs.
 */
export function codecEdits(wiring: ServerWiring, codec: string, style: FileStyle): CodecEdits {
  if (wiring.existing) return existingCodecEdits(wiring, codec);
  return {
    codecFile: declarationEdits(wiring, codec, style),
    constructionFile: verifyEdits(wiring, codec),
    via: [...viaEdits(wiring, codec), ...importerEdits(wiring, codec)],
    imports: ['createRequestStateCodec', ...(style.typescript ? ['type RequestStateCodec', 'type ServerContext'] : [])],
  };
}

/** A codec the user declared in a module of its own: the handlers' file imports it from there (once). */
function existingCodecEdits(wiring: ServerWiring, codec: string): CodecEdits {
  const from = wiring.existingFrom;
  const declarations = from
    ? wiring.codecFile
        .getImportDeclarations()
        .filter((d) => !d.isTypeOnly() && d.getModuleSpecifierSourceFile() === from)
    : [];
  const imported = declarations.some((d) =>
    d.getNamedImports().some((n) => n.getName() === codec && !n.getAliasNode()),
  );
  if (!from || from === wiring.codecFile || imported)
    return { codecFile: [], constructionFile: [], via: [], imports: [] };
  // `import { server } from './server.js'` gains it; else a new import of it.
  const named = declarations.find((d) => d.getNamedImports().length > 0)?.getNamedImports();
  const last = named?.[named.length - 1];
  const codecFile = last
    ? [{ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` }]
    : [namedImportEdit(wiring.codecFile, codec, from.getFilePath())];
  return { codecFile, constructionFile: [], via: [], imports: [] };
}

/** The codec's declaration after the codec file's imports (and its CommonJS export at the end). */
function declarationEdits(wiring: ServerWiring, codec: string, style: FileStyle): TextEdit[] {
  const { quote: q, indentUnit: u, eol } = style;
  const end = style.semicolon ? ';' : '';
  const sourceFile = wiring.codecFile;
  const text = sourceFile.getFullText();
  const secret = freshName(text, 'requestStateSecret');
  const entropy = freshName(text, 'entropyBits');
  const encrypted = freshName(text, ENCRYPTED_STATE_HELPER);
  const nodeCrypto = freshName(text, 'nodeCrypto');
  const secretOf = freshName(text, 'requestStateSecretOf');
  const used = freshName(text, 'usedRequestStates');
  const inMemory = freshName(text, 'usedStatesInMemory');
  const cryptoImport = isCommonJs(sourceFile)
    ? `const ${nodeCrypto} = require(${q}node:crypto${q})${end}`
    : `import * as ${nodeCrypto} from ${q}node:crypto${q}${end}`;
  const bindParam = style.typescript ? '(ctx: ServerContext)' : '(ctx)';
  const exported = wiring.importDeclaration || wiring.importers ? 'export ' : '';
  // CommonJS: exported after everything else, so a later `module.exports = { ... }` does not drop it.
  const exportsLine = wiring.requireDeclaration ? `${eol}module.exports.${codec} = ${codec}${end}${eol}` : undefined;
  const declaration = [
    `// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is encrypted`,
    `// and signed with ${STATE_SECRET_ENV} (at least 32 random bytes, the same on every server instance), expires, and`,
    `// is bound to the request method and the authenticated client. Unset, the server still starts (see ${secretOf}).`,
    `const ${secret} = ${secretOf}(process.env.${STATE_SECRET_ENV})${end}`,
    `// Each state opens once, so a round sent again (replayed, or answered again after its call completed) cannot run`,
    `// an effect twice. Several server instances share a store instead of this process's memory (e.g. Redis).`,
    `const ${used} = ${inMemory}()${end}`,
    `${exported}const ${codec} = ${encrypted}(`,
    `${u}createRequestStateCodec({`,
    `${u}${u}key: ${secret}.key,`,
    `${u}${u}ttlSeconds: ${STATE_TTL_SECONDS},`,
    `${u}${u}bind: ${bindParam} => \`\${ctx.mcpReq.method}\\u0000\${ctx.http?.authInfo?.clientId ?? ${q}${q}}\`,`,
    `${u}}),`,
    `${u}${secret},`,
    `${u}${used},`,
    `)${end}`,
    ``,
    // Always, not only for handlers known to carry server data: one codec serves every handler of the server (step
    // functions and replay, in several files, and any added later by hand), answers are the user's data too, and
    // sealing costs microseconds.
    ...encryptedStateLines(encrypted, nodeCrypto, style),
    ``,
    ...usedStatesInMemoryLines(inMemory, style),
    ``,
    ...secretOfLines(secretOf, entropy, nodeCrypto, style),
    ``,
    ...entropyBitsLines(entropy, style),
  ].join(eol);
  const anchor = insertionPoint(sourceFile);
  const codecFile: TextEdit[] = [
    {
      start: anchor,
      end: anchor,
      text:
        anchor === 0
          ? `${cryptoImport}${eol}${eol}${declaration}${eol}${eol}`
          : `${eol}${cryptoImport}${eol}${eol}${declaration}`,
    },
  ];
  if (exportsLine)
    codecFile.push({
      start: text.length,
      end: text.length,
      text: text.endsWith('\n') ? exportsLine.slice(eol.length) : exportsLine,
    });
  return codecFile;
}

/** The helper that seals the codec's payloads (AES-256-GCM under a key derived from the secret), in the file's style. */
function encryptedStateLines(encrypted: string, nodeCrypto: string, style: FileStyle): string[] {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const ts = style.typescript;
  return [
    `/**`,
    ` * Seals every payload with AES-256-GCM before the codec signs it, so the client cannot read what the server`,
    ` * carries (earlier answers, values it computed). The key is derived from the same secret under its own label,`,
    ` * so it differs from the signing key; a state that does not open is refused like a tampered one, and so is one`,
    ` * opened before (\`used\`). A request that needs a state while the secret is unusable is refused here, with the reason.`,
    ` */`,
    `function ${encrypted}(codec${ts ? ': RequestStateCodec' : ''}, secret${ts ? `: ${SECRET_TYPE}` : ''}, used${ts ? `: ${USED_STATES_TYPE}` : ''})${ts ? ': RequestStateCodec' : ''} {`,
    `${u}const key = Buffer.from(${nodeCrypto}.hkdfSync(${q}sha256${q}, secret.key, ${q}${q}, ${q}${STATE_ENCRYPTION_LABEL}${q}, 32))${end}`,
    `${u}return {`,
    `${u}${u}async mint(payload, ctx) {`,
    `${u}${u}${u}// A 2025-era request's states never leave this process (the SDK's shim asks the client itself); a 2026-era`,
    `${u}${u}${u}// one (it carries the envelope) over HTTP may come back to another instance, which needs the same key.`,
    `${u}${u}${u}if (secret.refused !== undefined && (secret.refused.always || (ctx?.http !== undefined && ctx.mcpReq.envelope !== undefined))) {`,
    `${u}${u}${u}${u}throw new Error(secret.refused.message)${end}`,
    `${u}${u}${u}}`,
    `${u}${u}${u}const iv = ${nodeCrypto}.randomBytes(12)${end}`,
    `${u}${u}${u}const cipher = ${nodeCrypto}.createCipheriv(${q}aes-256-gcm${q}, key, iv)${end}`,
    `${u}${u}${u}const sealed = [iv, cipher.update(JSON.stringify(payload), ${q}utf8${q}), cipher.final(), cipher.getAuthTag()]${end}`,
    `${u}${u}${u}return codec.mint(Buffer.concat(sealed).toString(${q}base64url${q}), ctx)${end}`,
    `${u}${u}},`,
    `${u}${u}async verify(state, ctx) {`,
    `${u}${u}${u}const sealed = Buffer.from(String(await codec.verify(state, ctx)), ${q}base64url${q})${end}`,
    `${u}${u}${u}const decipher = ${nodeCrypto}.createDecipheriv(${q}aes-256-gcm${q}, key, sealed.subarray(0, 12))${end}`,
    `${u}${u}${u}decipher.setAuthTag(sealed.subarray(-16))${end}`,
    `${u}${u}${u}const payload = JSON.parse(Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString(${q}utf8${q}))${end}`,
    `${u}${u}${u}// The IV, random for each state and authenticated by the tag, is the state's id.`,
    `${u}${u}${u}if (!(await used.consume(sealed.subarray(0, 12).toString(${q}base64url${q}), ${STATE_TTL_SECONDS}))) throw new Error(${q}${STATE_USED_MESSAGE}${q})${end}`,
    `${u}${u}${u}return payload${end}`,
    `${u}${u}},`,
    `${u}}${end}`,
    `}`,
  ];
}

/** The type of what the secret helper returns (the key, and why requests needing a state are refused, if they are). */
const SECRET_TYPE = '{ key: string; refused?: { message: string; always: boolean } }';

/**
 * The helper that reads the secret at startup without ever stopping the server: unset, a random key of this process
 * serves stdio (one process per client, every round reaches it) and 2025-era sessions (their states never leave the
 * process), and a 2026-era request over HTTP that needs a state is refused; short, guessable or a placeholder, every
 * request that needs a state is refused. One warning at startup.
 */
function secretOfLines(secretOf: string, entropy: string, nodeCrypto: string, style: FileStyle): string[] {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const ts = style.typescript;
  const refusal = (message: string, always: boolean) => [
    `${u}${u}refused = {`,
    `${u}${u}${u}message: \`${STATE_SECRET_ENV} ${message}\`,`,
    `${u}${u}${u}always: ${always},`,
    `${u}${u}}${end}`,
  ];
  return [
    `/**`,
    ` * The requestState secret, read once at startup, never fatal there: unset, a random key of this process serves`,
    ` * stdio (one process per client) and 2025-era sessions, and a 2026-era request over HTTP that needs a state is`,
    ` * refused; too short, guessable or a placeholder, every request that needs a state is refused. One warning on stderr.`,
    ` */`,
    `function ${secretOf}(value${ts ? ': string | undefined' : ''})${ts ? `: ${SECRET_TYPE}` : ''} {`,
    `${u}const fix = ${q}set it to random bytes (e.g. \`openssl rand -base64 32\`), the same on every server instance${q}${end}`,
    `${u}let refused${ts ? ': { message: string; always: boolean }' : ''}${end}`,
    `${u}if (value === undefined || value === ${q}${q}) {`,
    ...refusal(
      'is not set: 2026-era multi-round requests over HTTP are refused until you ${fix}; over stdio and in 2025-era sessions a random key of this process serves',
      false,
    ),
    `${u}} else if (new TextEncoder().encode(value).length < 32) {`,
    ...refusal('is shorter than 32 bytes: multi-round requests are refused until you ${fix}', true),
    `${u}} else if (${entropy}(value) < ${WEAK_SECRET_BITS} || /^(.+)\\1+$/s.test(value)) {`,
    `${u}${u}// A secret anyone could guess: a word repeated, or little variety (repeated characters).`,
    ...refusal(
      'is too easy to guess (repeated characters or a repeated word): multi-round requests are refused until you ${fix}',
      true,
    ),
    `${u}} else if (value.replace(/${PLACEHOLDER_WORDS.join('|')}|[^a-z0-9]/gi, ${q}${q}).length < ${PLACEHOLDER_REST_CHARS}) {`,
    `${u}${u}// Words and separators with little else (\`your-secret-here-change-me\`): a placeholder left in place.`,
    ...refusal(
      'is a placeholder (words such as "secret" or "change-me"): multi-round requests are refused until you ${fix}',
      true,
    ),
    `${u}} else {`,
    `${u}${u}return { key: value }${end}`,
    `${u}}`,
    `${u}console.error(refused.message)${end}`,
    `${u}return { key: ${nodeCrypto}.randomBytes(32).toString(${q}base64${q}), refused }${end}`,
    `}`,
  ];
}

/** The helper that estimates a secret's entropy from its character frequencies, in the file's style. */
function entropyBitsLines(entropy: string, style: FileStyle): string[] {
  const { indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const ts = style.typescript;
  return [
    `/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */`,
    `function ${entropy}(text${ts ? ': string' : ''})${ts ? ': number' : ''} {`,
    `${u}const chars = [...text]${end}`,
    `${u}const counts = new Map${ts ? '<string, number>' : ''}()${end}`,
    `${u}for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1)${end}`,
    `${u}let bits = 0${end}`,
    `${u}for (const count of counts.values()) bits -= count * Math.log2(count / chars.length)${end}`,
    `${u}return bits${end}`,
    `}`,
  ];
}

/** The construction's file, in its own style (it may be another file): the verify in the options, and the codec's import. */
function verifyEdits(wiring: ServerWiring, codec: string): TextEdit[] {
  const target = wiring.construction.getSourceFile();
  const targetText = target.getFullText();
  const targetEol = targetText.includes('\r\n') ? '\r\n' : '\n';
  const constructionFile: TextEdit[] = [];
  const verify = `requestState: { verify: ${codec}.verify }`;
  const args = wiring.construction.getArguments();
  const options = args[1];
  if (!options) {
    constructionFile.push({ start: args[0]!.getEnd(), end: args[0]!.getEnd(), text: `, { ${verify} }` });
  } else if (Node.isObjectLiteralExpression(options)) {
    const first = options.getProperties()[0];
    if (!first) constructionFile.push({ start: options.getStart(), end: options.getEnd(), text: `{ ${verify} }` });
    else {
      const multiline = targetText.slice(options.getStart(), first.getStart()).includes('\n');
      const propertyIndent = /^[ \t]*/.exec(
        targetText.slice(targetText.lastIndexOf('\n', first.getStart() - 1) + 1),
      )![0];
      constructionFile.push({
        start: first.getStart(),
        end: first.getStart(),
        text: multiline ? `${verify},${targetEol}${propertyIndent}` : `${verify}, `,
      });
    }
  }
  if (wiring.requireDeclaration) {
    // `const { registerTools } = require('./tools.cjs')` gains the codec.
    const pattern = wiring.requireDeclaration.getNameNode();
    const elements = Node.isObjectBindingPattern(pattern) ? pattern.getElements() : [];
    const last = elements[elements.length - 1];
    if (last) constructionFile.push({ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` });
  }
  if (wiring.importDeclaration) {
    // `import { registerNoteTools } from './tools.js'` gains the codec.
    const named = wiring.importDeclaration.getNamedImports();
    const last = named[named.length - 1]!;
    constructionFile.push({ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` });
  }
  return constructionFile;
}

/** Each file between re-exports it from the next, in that file's own style, after its imports. */
function viaEdits(wiring: ServerWiring, codec: string): Array<{ file: string; edit: TextEdit }> {
  return (wiring.via ?? []).map((declaration) => {
    const file = declaration.getSourceFile();
    const fileText = file.getFullText();
    const fileEol = fileText.includes('\r\n') ? '\r\n' : '\n';
    const semicolon = declaration.getText().trimEnd().endsWith(';') ? ';' : '';
    const statement = `export { ${codec} } from ${declaration.getModuleSpecifier().getText()}${semicolon}`;
    const at = insertionPoint(file);
    return {
      file: file.getFilePath(),
      edit: { start: at, end: at, text: at === 0 ? `${statement}${fileEol}` : `${fileEol}${statement}` },
    };
  });
}

/** Files that register handlers and import the server's file: `import { server } from './server.js'` gains the codec. */
function importerEdits(wiring: ServerWiring, codec: string): Array<{ file: string; edit: TextEdit }> {
  return (wiring.importers ?? []).map((declaration) => {
    const named = declaration.getNamedImports();
    const last = named[named.length - 1]!;
    return {
      file: declaration.getSourceFile().getFilePath(),
      edit: { start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` },
    };
  });
}

export interface CodecEdits {
  /** Edits of the file that declares the codec (the handler's file). */
  codecFile: TextEdit[];
  /** Edits of the file that builds the server (the same file, or the one that imports the handler's file). */
  constructionFile: TextEdit[];
  /** Re-exports in the files between the two, keyed by file. */
  via: Array<{ file: string; edit: TextEdit }>;
  /** SDK names the codec file needs. */
  imports: string[];
}
