// Fits lexical()'s calibrated confidence and chooses its default abstention bar, on the shared
// sets' TRAIN material only (MetaTool's own split; BFCL and Seal-Tools split evenly by id hash,
// `abstentionSplit` in @shortlist/eval). For each set's catalogue it selects the set's own train
// requests, the other sets' train requests and leave-out train requests (right tools removed),
// records `confidenceSignals` of the first pick, fits two L2-regularised logistic regressions
// ("the first pick is right", "a right tool is in the first five") and the bar: the highest
// first-pick confidence that abstains on at most 2% of each set's own train requests. Writes
// packages/lexical/src/confidence-coefficients.ts. Then, on the TEST split (reported, not tuned
// on), prints each set's expected calibration error and draws docs/figures/confidence-reliability.svg.
// Run from the repository root: `pnpm lab lab/confidence-fit.mjs` (about a minute or two).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipe } from '@shortlist/core';
import { abstentionRequests, calibration, loadDataset, ndcgAt } from '@shortlist/eval';
import {
  confidenceFeatureNames,
  confidenceFeatures,
  confidenceSignalNames,
  confidenceSignals,
  lexicalFusion,
  lexicalRankers,
  withAbstention,
} from '@shortlist/lexical';
import { benchmarksDir, figuresDir, repoRoot } from './benchmarks.mjs';

const sets = ['bfcl', 'metatool', 'sealtools'];
const trainSizes = { own: 1200, foreign: 600, leaveOut: 200 };
const testSizes = { own: 1500, foreign: 300, leaveOut: 100 };
const falseAbstentionBound = 0.02;
const maxCost = 0.2;
const l2 = 1;

const datasets = [];
for (const name of sets) datasets.push(await loadDataset(join(benchmarksDir, name)));

/** Every request's signals and outcomes on one split, catalogue by catalogue. */
async function observe(split, sizes) {
  const rows = [];
  for (const catalogue of datasets) {
    let captured;
    let named;
    const fusion = withAbstention(lexicalFusion());
    const picker = await pipe(...lexicalRankers())
      .fuse({
        ...fusion,
        doConfidence(input) {
          captured = confidenceSignals(input);
          named = input.fused[0].sources.exact !== undefined;
          return fusion.doConfidence(input);
        },
      })
      .index(catalogue.tools);
    const others = datasets.filter((d) => d !== catalogue);
    const byName = new Map(catalogue.tools.map((tool) => [tool.name, tool]));
    for (const request of abstentionRequests(catalogue, others, split, sizes)) {
      if (request.kind === 'leave-out' && request.siblings.length > 0) continue;
      const removed =
        request.kind === 'leave-out' ? request.relevant.map((n) => byName.get(n)) : [];
      if (removed.length) await picker.remove(request.relevant);
      captured = undefined;
      const { picks } = await picker.select(request.query, { limit: 10, abstain: 'never' });
      // Whether lexical()'s word rule abstains anyway (a bar of 0 leaves only the rule).
      const ruled =
        (await picker.select(request.query, { limit: 10, abstain: 0 })).abstained !== undefined;
      if (removed.length) await picker.add(removed);
      const own = request.kind === 'own';
      const names = picks.map((pick) => pick.name);
      rows.push({
        set: catalogue.name,
        kind: request.kind,
        signals: captured,
        ruled,
        named,
        ndcg: own ? ndcgAt(names, new Set(request.relevant), 10) : 0,
        first: own && request.relevant.includes(names[0]),
        top5: own && names.slice(0, 5).some((name) => request.relevant.includes(name)),
      });
    }
    picker.dispose();
  }
  return rows;
}

/**
 * L2-regularised logistic regression by Newton's method over standardised inputs, each row
 * weighed by `weights` (each set's rows then count as much as another set's).
 */
function fitLogistic(xs, ys, weights) {
  const d = xs[0].length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((s, x) => s + x[j], 0) / xs.length);
  const sd = Array.from(
    { length: d },
    (_, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / xs.length) || 1,
  );
  const zs = xs.map((x) => [...x.map((v, j) => (v - mean[j]) / sd[j]), 1]);
  const w = new Array(d + 1).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const g = new Array(d + 1).fill(0);
    const h = Array.from({ length: d + 1 }, () => new Array(d + 1).fill(0));
    zs.forEach((z, i) => {
      const p = 1 / (1 + Math.exp(-z.reduce((s, v, j) => s + v * w[j], 0)));
      const r = p * (1 - p) * weights[i];
      for (let j = 0; j <= d; j++) {
        g[j] += (p - ys[i]) * z[j] * weights[i];
        for (let k = 0; k <= d; k++) h[j][k] += r * z[j] * z[k];
      }
    });
    for (let j = 0; j < d; j++) {
      g[j] += l2 * w[j];
      h[j][j] += l2;
    }
    const step = solve(h, g);
    let moved = 0;
    for (let j = 0; j <= d; j++) {
      w[j] -= step[j];
      moved = Math.max(moved, Math.abs(step[j]));
    }
    if (moved < 1e-8) break;
  }
  // Folded back onto the raw signals, so the package computes w·x + b with no standardising.
  const raw = w.slice(0, d).map((v, j) => v / sd[j]);
  const intercept = w[d] - raw.reduce((s, v, j) => s + v * mean[j], 0);
  return [...raw, intercept];
}

function solve(a, b) {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

const predict = (w, x) =>
  1 / (1 + Math.exp(-(x.reduce((s, v, j) => s + v * w[j], 0) + w[x.length])));

// Requests where no ranker found anything have no first pick and no signals: always abstained.
const observed = async (split, sizes) => {
  const cache = process.env.FIT_CACHE && join(process.env.FIT_CACHE, `${split}.json`);
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8'));
  const rows = await observe(split, sizes);
  if (cache) writeFileSync(cache, JSON.stringify(rows));
  return rows;
};
const trainAll = await observed('train', trainSizes);
// A first pick the request names in full is judged apart: its share right on train is the
// confidence (the model would read such requests' few other words).
const train = trainAll.filter((row) => row.signals !== undefined && !row.named);
const namedOwn = trainAll.filter((row) => row.named && row.kind === 'own');
const share = (rows, key) => rows.filter((row) => row[key]).length / Math.max(1, rows.length);
const named = { first: share(namedOwn, 'first'), top5: share(namedOwn, 'top5') };
// Fitted on the sets' own requests: the probability is that of "right" among requests a
// catalogue's users ask it, what the expected calibration error is measured on.
const fitRows = process.env.FIT_ALL ? train : train.filter((row) => row.kind === 'own');
// Squared signals give the fit the curvature it lacked; each set weighs the same (Seal-Tools has
// half the train requests of the others); the first-pick estimate then goes through an isotonic
// fit on the same rows. Chosen by 3-fold cross-validation on train (the largest per-set ECE).
const features = fitRows.map((row) => confidenceFeatures(row.signals));
const perSet = new Map();
for (const row of fitRows) perSet.set(row.set, (perSet.get(row.set) ?? 0) + 1);
const weights = fitRows.map((row) => fitRows.length / perSet.size / perSet.get(row.set));
const first = fitLogistic(
  features,
  fitRows.map((row) => Number(row.first)),
  weights,
);
const top5 = fitLogistic(
  features,
  fitRows.map((row) => Number(row.top5)),
  weights,
);
const steps = isotonic(
  features.map((x) => predict(first, x)),
  fitRows.map((row) => Number(row.first)),
);
const stepped = (p) => {
  let value = steps.values[0];
  for (let i = 0; i < steps.lows.length && steps.lows[i] <= p; i++) value = steps.values[i];
  return value;
};

/** Pool-adjacent-violators: the non-decreasing step function of `ps` closest to the outcomes. */
function isotonic(ps, ys) {
  const order = ps.map((_, i) => i).sort((a, b) => ps[a] - ps[b]);
  const blocks = [];
  for (const i of order) {
    blocks.push({ low: ps[i], sum: ys[i], count: 1 });
    while (
      blocks.length > 1 &&
      blocks.at(-2).sum / blocks.at(-2).count >= blocks.at(-1).sum / blocks.at(-1).count
    ) {
      const last = blocks.pop();
      blocks.at(-1).sum += last.sum;
      blocks.at(-1).count += last.count;
    }
  }
  return {
    lows: blocks.map((block, i) => (i === 0 ? 0 : block.low)),
    values: blocks.map((block) => block.sum / block.count),
  };
}

const firstOf = (signals) => stepped(predict(first, confidenceFeatures(signals)));
const confidenceOf = (row) =>
  row.signals === undefined ? 0 : row.named ? named.first : firstOf(row.signals);
/** Whether the default pipeline abstains on the row under bar `t`: the word rule, or the bar. */
const abstains = (row, t) => row.ruled || confidenceOf(row) < t;

// The bar: the largest that abstains on at most 2% of each set's own train requests and costs
// each at most 0.4 nDCG@10 points (the goal is 0.5; the margin is for the test split).
let bar = 1;
for (const set of sets) {
  const own = trainAll.filter((row) => row.set === set && row.kind === 'own');
  const cost = (t) =>
    (100 * own.filter((row) => abstains(row, t)).reduce((sum, row) => sum + row.ndcg, 0)) /
    own.length;
  const rate = (t) => own.filter((row) => abstains(row, t)).length / own.length;
  while (bar > 0 && (rate(bar) > falseAbstentionBound || cost(bar) > maxCost)) bar -= 0.001;
}
bar = Math.max(0, Math.floor(bar * 1000) / 1000);

const format = (w) =>
  `[\n${w.map((v, j) => `  ${v.toPrecision(6)}, // ${confidenceFeatureNames[j] ?? 'intercept'}`).join('\n')}\n]`;
const list = (values) => `[${values.map((v) => Number(v.toPrecision(6))).join(', ')}]`;
writeFileSync(
  join(repoRoot, 'packages/lexical/src/confidence-coefficients.ts'),
  `// Written by \`pnpm lab lab/confidence-fit.mjs\` from the shared sets' train material; do not edit by hand.

/** Logistic-regression weights over \`confidenceFeatureNames\`, intercept last. */
export const firstPickCoefficients: readonly number[] = ${format(first)};

/**
 * The isotonic map of the first-pick regression's estimate: from each low end (the first is 0),
 * the share of train first picks that were right.
 */
export const firstPickSteps: readonly [readonly number[], readonly number[]] = [
  ${list(steps.lows)},
  ${list(steps.values)},
];

/** The same for "a right tool is among the first five". */
export const topFiveCoefficients: readonly number[] = ${format(top5)};

/** How often a first pick the request names in full is right, and a right tool in the first five. */
export const namedConfidence = { first: ${named.first.toFixed(4)}, top5: ${named.top5.toFixed(4)} };

/**
 * The first-pick confidence below which \`lexical()\` abstains: the highest that abstains on at
 * most ${falseAbstentionBound * 100}% of each shared set's own train requests and costs each at
 * most ${maxCost} nDCG@10 points there.
 */
export const defaultAbstainBelow = ${bar};
`,
);

/**
 * The mean ECE of outcomes drawn from the estimates themselves (a perfectly calibrated model) over
 * 200 seeded draws: what sampling alone gives at this many requests and 10 bins.
 */
function noiseFloor(estimates) {
  let state = 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  let total = 0;
  for (let draw = 0; draw < 200; draw++) {
    total += calibration(
      estimates,
      estimates.map((p) => random() < p),
    ).ece;
  }
  return total / 200;
}

const report = (rows, label) => {
  console.log(
    `\n${label}: set | own n | ECE first | ECE a calibrated estimate would show at this n | ECE top5 | own abstained | foreign abstained | leave-out abstained`,
  );
  const curves = {};
  for (const set of sets) {
    const of = (kind) => rows.filter((row) => row.set === set && row.kind === kind);
    const own = of('own').filter((row) => row.signals);
    const pFirst = own.map(confidenceOf);
    const c1 = calibration(
      pFirst,
      own.map((row) => row.first),
    );
    const c5 = calibration(
      own.map((row) =>
        row.named
          ? named.top5
          : Math.max(firstOf(row.signals), predict(top5, confidenceFeatures(row.signals))),
      ),
      own.map((row) => row.top5),
    );
    curves[set] = c1;
    const rate = (list) =>
      `${((100 * list.filter((row) => abstains(row, bar)).length) / list.length).toFixed(1)}%`;
    console.log(
      `${set} | ${own.length} | ${c1.ece.toFixed(3)} | ${noiseFloor(pFirst).toFixed(3)} | ${c5.ece.toFixed(3)} | ${rate(own)} | ${rate(of('foreign'))} | ${rate(of('leave-out'))}`,
    );
  }
  return curves;
};

console.log(`signals: ${confidenceSignalNames.join(', ')}; bar ${bar}`);
report(trainAll, 'train');
const test = await observed('test', testSizes);
const curves = report(test, 'test (reported, not tuned on)');
writeFileSync(join(figuresDir, 'confidence-reliability.svg'), reliabilitySvg(curves));
console.log(`\nwrote docs/figures/confidence-reliability.svg`);

/** A reliability diagram: per set, each bin's mean confidence against how often it was right. */
function reliabilitySvg(bySet) {
  const size = 320;
  const pad = 40;
  const colors = { bfcl: '#1f77b4', metatool: '#d62728', sealtools: '#2ca02c' };
  const x = (v) => pad + v * size;
  const y = (v) => pad + (1 - v) * size;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size + 2 * pad + 120}" height="${size + 2 * pad}" font-family="sans-serif" font-size="11" role="img">`,
    "<title>Reliability of lexical()'s first-pick confidence on each shared set's own test requests</title>",
    `<rect x="${pad}" y="${pad}" width="${size}" height="${size}" fill="none" stroke="#999"/>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#bbb" stroke-dasharray="4 3"/>`,
    `<text x="${pad + size / 2}" y="${size + pad + 28}" text-anchor="middle">confidence that the first pick is right (test split)</text>`,
    `<text transform="translate(12 ${pad + size / 2}) rotate(-90)" text-anchor="middle">share right</text>`,
  ];
  for (const tick of [0, 0.5, 1]) {
    parts.push(`<text x="${x(tick)}" y="${size + pad + 14}" text-anchor="middle">${tick}</text>`);
    parts.push(`<text x="${pad - 6}" y="${y(tick) + 4}" text-anchor="end">${tick}</text>`);
  }
  Object.entries(bySet).forEach(([set, curve], i) => {
    const color = colors[set] ?? '#555';
    const points = curve.bins.map(
      (bin) => `${x(bin.meanConfidence).toFixed(1)},${y(bin.accuracy).toFixed(1)}`,
    );
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="1.5" points="${points.join(' ')}"/>`,
    );
    for (const bin of curve.bins) {
      const r = Math.min(8, 2 + Math.sqrt(bin.count) / 2);
      parts.push(
        `<circle cx="${x(bin.meanConfidence).toFixed(1)}" cy="${y(bin.accuracy).toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" fill-opacity="0.5"/>`,
      );
    }
    parts.push(
      `<text x="${size + pad + 12}" y="${pad + 14 + i * 16}" fill="${color}">${set} (ECE ${curve.ece.toFixed(3)})</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
