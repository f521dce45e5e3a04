// The per-file helper the explicit forms call on a sampling or roots answer: the SDK's result schema, as the old
// calls parsed the client's result.
import type { FileStyle } from './codeText.js';

/** The name of the per-file helper that checks a sampling or roots answer (see `checkedAnswerLines`). */
export const CHECKED_ANSWER = 'checkedAnswer';
/** What an emitter lists among a file's imports to have the helper declared in that file. */
export const CHECKED_ANSWER_NEED = `#${CHECKED_ANSWER}`;

/**
 * The helper every file whose rewritten code reads a sampling or roots answer declares once, after its imports:
 * the old `createMessage` / `listRoots` parsed the client's result with the SDK's schema and failed with
 * `SdkError(InvalidResult)`, which the caller's catch block (a fallback) saw; `inputResponse` only sorts answers
 * by kind. Needs specTypeSchemas, SdkError, SdkErrorCode (and the type SpecTypes in TypeScript).
 */
export function checkedAnswerLines(style: FileStyle): { lines: string[]; imports: string[] } {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const signature = style.typescript
    ? `function ${CHECKED_ANSWER}<T extends ${q}CreateMessageResult${q} | ${q}CreateMessageResultWithTools${q} | ${q}ListRootsResult${q}>(type: T, answer: unknown): SpecTypes[T] {`
    : `function ${CHECKED_ANSWER}(type, answer) {`;
  return {
    lines: [
      `/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */`,
      signature,
      `${u}const validation = specTypeSchemas[type][${q}~standard${q}].validate(answer)${end}`,
      `${u}if (validation.issues) {`,
      `${u}${u}const problems = validation.issues.map((issue) => issue.message).join(${q}, ${q})${end}`,
      `${u}${u}throw new SdkError(SdkErrorCode.InvalidResult, type === ${q}ListRootsResult${q} ? \`Invalid result for roots/list: \${problems}\` : \`Invalid sampling/createMessage result: \${problems}\`)${end}`,
      `${u}}`,
      `${u}return validation.value${style.typescript ? ' as SpecTypes[T]' : ''}${end}`,
      `}`,
    ],
    imports: ['specTypeSchemas', 'SdkError', 'SdkErrorCode', ...(style.typescript ? ['type SpecTypes'] : [])],
  };
}
