// Comment lines a patch removes and does not put back: the user's comments the migration would lose. A removed
// line counts when it is a comment line (`//`, `/*`, `*`) and no added line of the same file has its text.

/** Each file of a unified patch (`diff --git` sections) with the comment lines it loses, trimmed. */
export function lostComments(patch) {
  const lost = [];
  let file = null;
  let removed = [];
  let added = [];
  const flush = () => {
    if (file === null) return;
    const pool = new Map();
    for (const line of added) pool.set(line, (pool.get(line) ?? 0) + 1);
    const gone = removed.filter((line) => {
      const left = pool.get(line) ?? 0;
      if (left > 0) pool.set(line, left - 1);
      return left === 0;
    });
    if (gone.length > 0) lost.push({ file, lines: gone });
  };
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      flush();
      file = / b\/(.*)$/.exec(line)?.[1] ?? line;
      removed = [];
      added = [];
    } else if (line.startsWith('--- ') || line.startsWith('+++ ')) continue;
    else if (line.startsWith('-') && /^(\/\/|\/\*|\*)/.test(line.slice(1).trim())) removed.push(line.slice(1).trim());
    else if (line.startsWith('+')) added.push(line.slice(1).trim());
  }
  flush();
  return lost;
}
