export interface Hit {
  name: string;
  score: number;
}

/** How many searches the registry answered: each costs a request upstream. */
export let searches = 0;

/** Searches the registry: a list of records, as long as the registry's answer. */
export async function searchRegistry(query: string): Promise<Hit[]> {
  searches++;
  return ['left-pad', 'right-pad', 'pad-both']
    .filter((name) => name.includes(query))
    .map((name, i) => ({ name, score: 1 - i / 10 }));
}
