// The prefilter, apart from the analysis: the runner reads every file through it before it loads ts-morph.
import { PREFILTER_WORDS } from './constants.js';
import { FRAMEWORK_API_NAMES, FRAMEWORK_PACKAGES } from './frameworks.js';
import { PUSH_PREFILTER_WORDS } from './pushMethods.js';

/** Any of the words, as one pattern: one pass over a text rather than one per word. */
function anyOf(words: readonly string[]): RegExp {
  return new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'));
}

const PREFILTER = anyOf([...PUSH_PREFILTER_WORDS, ...PREFILTER_WORDS]);
const FRAMEWORK_APIS = anyOf(FRAMEWORK_API_NAMES);
const FRAMEWORK_IMPORTS = anyOf(FRAMEWORK_PACKAGES.flatMap((p) => [`'${p}`, `"${p}`, `\`${p}`]));

/**
 * The prefilter: a file without any of these words cannot hold a site and is never parsed. A framework's API name
 * (`elicit`, `sample`) counts only in a file that names one of the framework packages.
 */
export function mayHoldSite(text: string): boolean {
  return PREFILTER.test(text) || (FRAMEWORK_APIS.test(text) && FRAMEWORK_IMPORTS.test(text));
}
