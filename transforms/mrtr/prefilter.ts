// The prefilter, apart from the analysis: the runner reads every file through it before it loads ts-morph.
import { PREFILTER_WORDS } from './constants.js';

/** Any of the prefilter words, as one pattern: one pass over a text rather than one per word. */
const PREFILTER = new RegExp(PREFILTER_WORDS.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'));

/** The prefilter: a file without any of these words cannot hold a site and is never parsed. */
export function mayHoldSite(text: string): boolean {
  return PREFILTER.test(text);
}
