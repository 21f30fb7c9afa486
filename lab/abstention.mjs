// Measures candidate abstention rules for lexical(): for every query of each shared benchmark set,
// the rankers' evidence (what `abstains()` sees) and the query's nDCG@10 without abstention, so a
// rule's cost on a set is the nDCG@10 of the queries it abstains on over the set's size. Prints,
// per rule, the cost on each set and how many off-topic / other-language requests it abstains on
// over the CLI's bundled catalogue. Run from the repository root after building lexical and eval:
// `node lab/abstention.mjs`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipe, toTools } from '@shortlist/core';
import { loadDataset, ndcgAt } from '@shortlist/eval';
import { lexicalFusion, lexicalRankers } from '@shortlist/lexical';

const benchmarks = process.env.SHORTLIST_BENCHMARKS ?? '../shared/benchmarks';
const sets = [
  ['bfcl', undefined],
  ['metatool', undefined],
  ['metatool', 'test'],
  ['sealtools', undefined],
];

const offTopic = [
  '¿qué tiempo hará mañana en Madrid?',
  'envía un correo a mi jefe con el informe',
  'réserve une table pour deux ce soir',
  'wie spät ist es gerade in Tokio',
  'quanto custa um bilhete de comboio para o Porto',
  'chiudi la porta del garage',
  '明天北京的天气怎么样',
  'tell me a joke about penguins',
  'what is the meaning of life',
  'write a haiku about autumn leaves',
  'who won the 1998 world cup',
  'how tall is mount everest',
];

/** The rankings a fusion would see, captured per query. */
function recorder() {
  const fusion = lexicalFusion();
  let last;
  return {
    fusion: {
      ...fusion,
      doFuse(rankings, options) {
        last = rankings;
        return fusion.doFuse(rankings, options);
      },
    },
    take: () => last,
  };
}

/** The evidence a rule reads: each ranker's top score (0 when it found nothing). */
function evidence(rankings) {
  const top = {};
  for (const { rankerId, ranking } of rankings) top[rankerId] = ranking[0]?.score ?? 0;
  return top;
}

const rules = {
  'only pieces matched': (e) => e.bm25 === 0 && e.tfidf === 0 && e.name === 0 && e.exact === 0,
  ...Object.fromEntries(
    [0.05, 0.08, 0.1, 0.12, 0.15, 0.2].map((t) => [`tfidf top < ${t}`, (e) => e.tfidf < t]),
  ),
  // The shipped rule (packages/lexical/src/abstention.ts: 0.08 and a floor of 0.3) at a few floors.
  ...Object.fromEntries(
    [0.25, 0.3, 0.35, 0.4, 0.5, 1].map((p) => [
      `tfidf top < 0.08, no exact name, pieces top < ${p}`,
      (e) => e.tfidf < 0.08 && e.exact === 0 && e.pieces < p,
    ]),
  ),
};

async function measure(tools, queries) {
  const { fusion, take } = recorder();
  const picker = await pipe(...lexicalRankers())
    .fuse(fusion)
    .index(tools);
  const rows = [];
  for (const query of queries) {
    const { picks } = await picker.select(query.query, { limit: 10 });
    const ndcg = query.relevant
      ? ndcgAt(
          picks.map((pick) => pick.name),
          new Set(query.relevant),
          10,
        )
      : 0;
    rows.push({ query: query.query, ndcg, evidence: evidence(take()) });
  }
  picker.dispose();
  return rows;
}

const results = [];
for (const [name, split] of sets) {
  const dataset = await loadDataset(join(benchmarks, name), split ? { split } : {});
  results.push({
    set: split ? `${name} (${split})` : name,
    rows: await measure(dataset.tools, dataset.queries),
  });
}
const sample = toTools(JSON.parse(await readFile('packages/cli/data/sample-tools.json', 'utf8')));
const copy = await measure(
  toTools([
    { name: 'copywriter', description: 'Writes marketing copy' },
    { name: 'airqualityforeast', description: 'Forecast for a city' },
    { name: 'send_email', description: 'Send an email' },
  ]),
  [
    { query: 'copywriting' },
    { query: 'air quality in Paris' },
    { query: 'copywriting for my shop' },
  ],
);
for (const row of copy) console.log(JSON.stringify(row.query), JSON.stringify(row.evidence));
const off = await measure(
  sample,
  offTopic.map((query) => ({ query })),
);

console.log(
  `rule | ${results.map((r) => `${r.set} nDCG@10 cost (abstained)`).join(' | ')} | off-topic abstained`,
);
for (const [label, rule] of Object.entries(rules)) {
  const cells = results.map(({ rows }) => {
    const hit = rows.filter((row) => rule(row.evidence));
    const cost = (hit.reduce((sum, row) => sum + row.ndcg, 0) / rows.length) * 100;
    return `${cost.toFixed(2)} (${hit.length})`;
  });
  const abstained = off.filter((row) => rule(row.evidence)).length;
  console.log(`${label} | ${cells.join(' | ')} | ${abstained}/${off.length}`);
}
for (const row of off) console.log(JSON.stringify(row.query), JSON.stringify(row.evidence));
