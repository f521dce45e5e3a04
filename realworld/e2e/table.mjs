// The end-to-end mode's table (one row per target), its findings (one line each) and its summary line.
const MODERN = '2026-07-28';

const nameOf = (row) => (row.root && row.root !== '.' ? `${row.repo}:${row.root}` : row.repo);
const measured = (rows) => rows.filter((r) => r.status === 'measured');
const migratedServes = (row) => row.serve?.migrated?.['2025']?.started && row.serve?.migrated?.['2026']?.started;

/** The original's tools (2025 era), or the migrated server's in 2025 when the original did not start. */
function expectedTools(row) {
  return row.serve?.original?.['2025']?.started
    ? row.serve.original['2025'].tools
    : row.serve?.migrated?.['2025']?.tools;
}

const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length > 0 && a.join('\n') === b.join('\n');

/** Both eras (2026-07-28 negotiated) list the original's tools. */
function toolsBothEras(row) {
  const want = expectedTools(row);
  const m = row.serve?.migrated;
  return migratedServes(row) && m['2026'].era === MODERN && same(m['2025'].tools, want) && same(m['2026'].tools, want);
}

/** Per rewritten tool: the migrated server answers it in both eras with the original's result class (2025 era). */
function answering(row) {
  return (row.rewrittenTools ?? []).map((name) => {
    const classIn = (side, era) => row.serve?.[side]?.[era]?.calls?.find((c) => c.name === name)?.class;
    const original = classIn('original', '2025');
    const want = (c) => (original ? c === original : c === 'ok' || c === 'tool-error');
    const m25 = classIn('migrated', '2025');
    // In 2026-07-28 only: a server that negotiated 2025 with the auto client did not serve the new era.
    const m26 = row.serve?.migrated?.['2026']?.era === MODERN ? classIn('migrated', '2026') : 'not 2026';
    // Whether the 2026-era call came to an ask (the client answered an input_required round), not only to its result.
    const asked = (row.serve?.migrated?.['2026']?.calls?.find((c) => c.name === name)?.asked?.length ?? 0) > 0;
    // A tool of another server of the package, which the entry does not serve: neither side lists it.
    const unserved = original === 'not listed' && m25 === 'not listed';
    return {
      name,
      original,
      m25,
      m26,
      ok: !unserved && want(m25) && want(m26),
      asked: m26 !== 'not 2026' && asked,
      unserved,
    };
  });
}

/**
 * Per reviewed tool (one per target, see target.mjs): the migrated server answers it in the 2025 era with the
 * original's result class. The 2026 era is not asked of it: its ask is left for a human.
 */
function reviewedAnswering(row) {
  return (row.reviewedTools ?? []).map((name) => {
    const classIn = (side) => row.serve?.[side]?.['2025']?.calls?.find((c) => c.name === name)?.class;
    const original = classIn('original');
    const m25 = classIn('migrated');
    const unserved = original === 'not listed' && m25 === 'not listed';
    const ok = !unserved && (original ? m25 === original : m25 === 'ok' || m25 === 'tool-error');
    return { name, original, m25, ok, unserved };
  });
}

function errorsCell(row) {
  const e = row.errors;
  if (!e) return row.after?.reason ?? '-';
  const unlisted = e.errors.filter((x) => !x.listed);
  const byOrigin = {};
  for (const x of unlisted) byOrigin[x.origin] = (byOrigin[x.origin] ?? 0) + 1;
  const origins = Object.entries(byOrigin).map(([k, n]) => `${k} ${n}`);
  const cell = `${e.errors.length - unlisted.length} / ${unlisted.length}${origins.length ? ` (${origins.join(', ')})` : ''}`;
  return e.reportOnly ? `${cell}; report only ${e.reportOnly}` : cell;
}

const buildCell = (b) => (!b ? '-' : !b.ran ? 'none' : b.ok ? 'ok' : 'fails');
const startCell = (s) =>
  !s ? '-' : s.reason && !s['2025'] ? 'no entry' : `${s['2025']?.started ? 'y' : 'n'}${s['2026']?.started ? 'y' : 'n'}`;
const eraOf = (s) => (s?.era === MODERN ? '2026' : s?.era ? s.era.slice(0, 4) : '-');

function toolsCell(row, era) {
  const o = row.serve?.original?.[era];
  const m = row.serve?.migrated?.[era];
  return `${o?.started ? o.tools.length : '-'} / ${m?.started ? m.tools.length : '-'} (${eraOf(m)})`;
}

export function tableOf(rows) {
  const head = [
    'target',
    'sdk',
    'install',
    'tsc errors before',
    'new errors listed / unlisted (origin); report only',
    'build before / after',
    'starts orig / migr',
    'tools 2025 orig / migr',
    'tools 2026 orig / migr (era)',
    'rewritten answering 2025 / 2026',
    'reviewed answering 2025',
    'MRTR lines per rewritten site',
    'prettier fails before / after',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of rows) {
    if (row.status !== 'measured') {
      lines.push(
        `| ${nameOf(row)} | ${row.sdk} | ${row.status}: ${String(row.reason ?? '').split('\n')[0]} |${' - |'.repeat(head.length - 3)}`,
      );
      continue;
    }
    const calls = answering(row).filter((c) => !c.unserved);
    const ans = (era) =>
      `${calls.filter((c) => (era === '2025' ? c.m25 : c.m26) === (c.original ?? 'ok')).length}/${calls.length}`;
    const perSite = (row.linesPerSite ?? []).map((l) => l.perSite).filter((n) => n !== undefined);
    lines.push(
      `| ${[
        nameOf(row),
        row.sdk,
        row.install.verb,
        row.before.ran ? row.before.errors.length : row.before.reason,
        errorsCell(row),
        `${buildCell(row.buildBefore)} / ${buildCell(row.buildAfter)}`,
        `${startCell(row.serve?.original)} / ${startCell(row.serve?.migrated)}`,
        toolsCell(row, '2025'),
        toolsCell(row, '2026'),
        calls.length ? `${ans('2025')} / ${ans('2026')}` : '-',
        reviewedCell(row),
        perSite.length ? perSite.join(', ') : '-',
        row.prettier ? `${row.prettier.before} / ${row.prettier.after}` : '-',
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

function reviewedCell(row) {
  const calls = reviewedAnswering(row).filter((c) => !c.unserved);
  return calls.length
    ? `${calls.filter((c) => c.ok).length}/${calls.length} (${calls.map((c) => c.name).join(', ')})`
    : '-';
}

/** What broke and why, one line each, with the file:line of the cause. */
export function findingsOf(rows) {
  const out = [];
  for (const row of rows) {
    const name = nameOf(row);
    if (row.status !== 'measured') {
      out.push(`${name}: ${row.status}: ${String(row.reason ?? '').split('\n')[0]}`);
      continue;
    }
    out.push(...errorLines(name, row.errors?.errors ?? []));
    if (row.rewrittenUnnamed)
      out.push(
        `${name}: ${row.rewrittenUnnamed} rewritten site(s) in a tools/call handler of no known tool name: not called`,
      );
    if (row.errors?.notChecked) out.push(`${name}: report says ${row.errors.notChecked.slice(0, 160)}`);
    for (const [side, b] of [
      ['original', row.buildBefore],
      ['migrated', row.buildAfter],
    ])
      if (b?.ran && !b.ok) out.push(`${name}: ${side} build fails: ${String(b.reason).slice(0, 160)}`);
    for (const side of ['original', 'migrated']) {
      const s = row.serve?.[side];
      if (s?.reason && !s['2025']) out.push(`${name}: ${side} not started: ${s.reason}`);
      for (const era of ['2025', '2026'])
        if (s?.[era] && !s[era].started) out.push(`${name}: ${side} ${era}: ${s[era].reason}`);
    }
    for (const c of answering(row))
      if (!c.ok && !c.unserved)
        out.push(
          `${name}: tool ${c.name}: original ${c.original ?? '-'}, migrated 2025 ${c.m25 ?? '-'}, 2026 ${c.m26 ?? '-'}`,
        );
    for (const c of reviewedAnswering(row))
      if (!c.ok && !c.unserved)
        out.push(`${name}: reviewed tool ${c.name}: original ${c.original ?? '-'}, migrated 2025 ${c.m25 ?? '-'}`);
    const unserved = [...answering(row), ...reviewedAnswering(row)].filter((c) => c.unserved).map((c) => c.name);
    if (unserved.length > 0)
      out.push(`${name}: not served by the entry (another server of the package): ${listShort(unserved)}`);
    if (row.prettier && row.prettier.after > row.prettier.before)
      out.push(`${name}: prettier --check fails after: ${listShort(row.prettier.failing)}`);
  }
  return out.join('\n');
}

/** Unlisted errors grouped by origin, code and message start (first three places); listed ones counted by code. */
function errorLines(name, errors) {
  const groups = new Map();
  for (const e of errors.filter((x) => !x.listed)) {
    const key = `${e.origin}\0${e.code}\0${e.message.slice(0, 60)}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const out = [...groups.values()].map((g) => {
    const at = g
      .slice(0, 3)
      .map((e) => `${e.file}:${e.line}`)
      .join(', ');
    return `${name}: UNLISTED ${g.length}x (${g[0].origin}) ${g[0].code} ${g[0].message.slice(0, 120)} at ${at}${g.length > 3 ? ', ...' : ''}`;
  });
  const listed = {};
  for (const e of errors.filter((x) => x.listed)) listed[e.code] = (listed[e.code] ?? 0) + 1;
  const codes = Object.entries(listed).map(([code, n]) => `${code} ${n}`);
  if (codes.length) out.push(`${name}: listed in our report: ${codes.join(', ')}`);
  return out;
}

const listShort = (items) =>
  `${items.slice(0, 4).join(', ')}${items.length > 4 ? ` and ${items.length - 4} more` : ''}`;

export function summaryLine(rows) {
  const done = measured(rows);
  const v1 = done.filter((r) => r.sdk === 'v1' && r.errors);
  const clean = v1.filter((r) => r.errors.errors.length === 0).length;
  const listedOnly = v1.filter((r) => r.errors.errors.every((e) => e.listed)).length;
  const unlisted = done.reduce((n, r) => n + (r.errors?.errors.filter((e) => !e.listed).length ?? 0), 0);
  const reportOnly = done.reduce((n, r) => n + (r.errors?.reportOnly ?? 0), 0);
  const startable = done.filter((r) => r.serve?.migrated?.['2025'] || r.serve?.original?.['2025']);
  const started = startable.filter(migratedServes).length;
  const tools = startable.filter(toolsBothEras).length;
  const modern = startable.filter((r) => r.serve?.migrated?.['2026']?.era === MODERN).length;
  // Tools the entry does not serve (another server of the package) are not counted either way: they say so apart.
  const all = done.flatMap(answering);
  const calls = all.filter((c) => !c.unserved);
  const reviewed = done.flatMap(reviewedAnswering).filter((c) => !c.unserved);
  const prettier = done.reduce((n, r) => n + Math.max(0, (r.prettier?.after ?? 0) - (r.prettier?.before ?? 0)), 0);
  return (
    `realworld e2e: ${done.length} installed of ${rows.length}, v1 type-check clean ${clean}/${v1.length} ` +
    `(no unlisted new error ${listedOnly}/${v1.length}), ` +
    `unlisted new errors ${unlisted}, listed not found by tsc ${reportOnly}, start ${started}/${startable.length}, tools both eras ${tools}/${startable.length}, ` +
    `2026 era ${modern}/${startable.length}, rewritten answering ${calls.filter((c) => c.ok).length}/${calls.length} ` +
    `(asked in 2026 ${calls.filter((c) => c.ok && c.asked).length}; not served by the entry ${all.length - calls.length}), ` +
    `reviewed answering in 2025 ${reviewed.filter((c) => c.ok).length}/${reviewed.length}, ` +
    `prettier +${prettier}`
  );
}
