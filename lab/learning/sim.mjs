import { readFileSync } from 'node:fs';
import { defaultTokenizer, seededRandom } from '../../packages/core/dist/kit.js';

export function load(set) {
  return JSON.parse(readFileSync(`/tmp/lex-${set}.json`, 'utf8'));
}
export function stream(data, split, seed, n) {
  const qs = data.queries.filter((q) => !split || q.split === split);
  const rnd = seededRandom(seed);
  for (let i = qs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [qs[i], qs[j]] = [qs[j], qs[i]];
  }
  return qs.slice(0, n);
}

import { wordPieces } from '../../packages/lexical/dist/word-pieces.js';

const pieces4 = wordPieces(4);
export const termMode = process.env.TERMS ?? 'words';
export const termsOf = (q) => {
  const w = defaultTokenizer(q);
  const out = [...w];
  if (termMode.includes('bi')) for (let i = 1; i < w.length; i++) out.push(w[i - 1] + ' ' + w[i]);
  if (termMode.includes('pc')) for (const p of pieces4(q)) out.push('#' + p);
  return [...new Set(out)];
};

export function makeLearner(p) {
  const ex = [];
  const df = new Map();
  const post = new Map();
  const tt = new Map();
  const toolsSeen = new Set();
  const protoTf = new Map();
  const idf0 = (t) => Math.log(1 + (ex.length + 1) / ((df.get(t) ?? 0) + 0.5));
  const icf = (t) => Math.log(1 + (toolsSeen.size + 1) / ((tt.get(t)?.size ?? 0) + 0.5));
  const idf =
    p.wmode === 'icf' ? icf : p.wmode === 'both' ? (t) => Math.sqrt(idf0(t) * icf(t)) : idf0;
  return {
    seedTerms(list) {
      for (const [tool, terms] of list) {
        toolsSeen.add(tool);
        for (const t of terms) {
          let z = tt.get(t);
          if (!z) tt.set(t, (z = new Set()));
          z.add(tool);
        }
      }
    },
    learn(query, tool, helpful = true) {
      const terms = termsOf(query);
      const id = ex.length;
      ex.push({ terms, tool, helpful });
      toolsSeen.add(tool);
      {
        let m = protoTf.get(tool);
        if (!m) protoTf.set(tool, (m = new Map()));
        for (const t of terms) m.set(t, (m.get(t) ?? 0) + 1);
      }
      for (const t of terms) {
        let z = tt.get(t);
        if (!z) tt.set(t, (z = new Set()));
        z.add(tool);
      }
      for (const t of terms) {
        df.set(t, (df.get(t) ?? 0) + 1);
        let l = post.get(t);
        if (!l) post.set(t, (l = []));
        l.push(id);
      }
    },
    votes(query) {
      const terms = termsOf(query);
      const dot = new Map();
      let qn = 0;
      for (const t of terms) {
        const w = idf(t);
        qn += w * w;
        const l = post.get(t);
        if (!l) continue;
        for (const id of l) dot.set(id, (dot.get(id) ?? 0) + w * w);
      }
      const sims = [];
      for (const [id, d] of dot) {
        let en = 0;
        for (const t of ex[id].terms) {
          const w = idf(t);
          en += w * w;
        }
        const s = d / Math.sqrt(qn * en);
        if (s >= p.tau) sims.push([s, id]);
      }
      sims.sort((a, b) => b[0] - a[0]);
      const v = new Map();
      const neg = new Map();
      const maxSim = new Map();
      for (const [s, id] of sims.slice(0, p.k)) {
        const e = ex[id];
        if (e.helpful && !(maxSim.get(e.tool) >= s)) maxSim.set(e.tool, s);
        const w = s ** p.pow;
        if (e.helpful) v.set(e.tool, (v.get(e.tool) ?? 0) + w);
        else neg.set(e.tool, (neg.get(e.tool) ?? 0) + w);
      }
      if (p.beta) {
        // prototype: per tool sum of example term weights (icf), cosine with query
        const qt = new Set(terms);
        const scores = [];
        for (const [tool, m] of protoTf) {
          let dot = 0,
            n = 0;
          for (const [t, c] of m) {
            const w = (1 + Math.log(c)) * idf(t);
            n += w * w;
            if (qt.has(t)) dot += w * idf(t);
          }
          scores.push([tool, dot / Math.sqrt(n || 1)]);
        }
        let z = 0;
        for (const [, sc] of scores) z += Math.exp(sc * p.ps);
        let vm = 0;
        for (const x of v.values()) vm += x;
        if (vm > 0)
          for (const [tool, sc] of scores)
            v.set(tool, (v.get(tool) ?? 0) + (p.beta * vm * Math.exp(sc * p.ps)) / z);
      }
      return { v, neg, maxSim };
    },
  };
}

export function combine(lex, { v, neg, realMass }, p) {
  let mass = 0;
  for (const x of v.values()) mass += x;
  const evidenceMass = realMass ?? mass;
  const alpha = ((p.amax ?? 1) * evidenceMass) / (evidenceMass + p.c);
  const scores = new Map();
  let z = 0;
  const ex = lex.map(([n, s]) => [n, Math.exp(s / p.T)]);
  for (const [, e] of ex) z += e;
  if (p.mode === 'log') {
    const floorLex = p.eps;
    const all = new Set([...ex.map(([n]) => n), ...v.keys()]);
    const pl = new Map(ex.map(([n, e]) => [n, e / z]));
    for (const n of all)
      scores.set(
        n,
        (1 - alpha + (p.lam ?? 0)) * Math.log((pl.get(n) ?? 0) + floorLex) +
          alpha * Math.log((v.get(n) ?? 0) / (mass || 1) + p.eps2),
      );
  } else {
    for (const [n, e] of ex) scores.set(n, ((1 - alpha) * e) / z);
    for (const [n, x] of v) scores.set(n, (scores.get(n) ?? 0) + (alpha * x) / mass);
  }
  for (const [n, x] of neg)
    if (scores.has(n))
      scores.set(
        n,
        p.mode === 'log' ? scores.get(n) - p.gamma * x : scores.get(n) * Math.exp(-p.gamma * x),
      );
  return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([n]) => n);
}

export const windows = [
  [0, 100],
  [100, 500],
  [500, 1000],
  [1000, 2000],
  [2000, 3000],
];
/** Mean of the 0/1 (or 0–1) values `a[s, e)` in percent; a window past the end is cut short. */
export const windowMean = (a, [s, e]) =>
  (100 * a.slice(s, e).reduce((x, y) => x + y, 0)) / Math.max(1, Math.min(e, a.length) - s);
/** The log-linear blend grid2 settled on, with icf weights: what grid4 and trust vary from. */
export const logBlend = {
  pow: 2,
  T: 1,
  gamma: 1,
  mode: 'log',
  eps: 0.001,
  eps2: 0.05,
  wmode: 'icf',
};
export function run(data, qs, p, noise = 0, seed = 7) {
  const L = makeLearner(p);
  const rnd = seededRandom(seed);
  const hit = [],
    rec = [],
    lhit = [],
    lrec = [];
  for (const q of qs) {
    const ranked = combine(q.lex, L.votes(q.query), p);
    const rel = new Set(q.relevant);
    const r5 = (list) => list.slice(0, 5).filter((n) => rel.has(n)).length / rel.size;
    hit.push(rel.has(ranked[0]) ? 1 : 0);
    rec.push(r5(ranked));
    lhit.push(rel.has(q.lex[0]?.[0]) ? 1 : 0);
    lrec.push(r5(q.lex.map(([n]) => n)));
    for (const t of q.relevant) {
      let tool = t;
      if (rnd() < noise) {
        do {
          tool = data.tools[Math.floor(rnd() * data.tools.length)];
        } while (rel.has(tool));
      }
      L.learn(q.query, tool);
    }
  }
  return windows.map((w) => ({
    w: `${w[0]}-${w[1]}`,
    hit: windowMean(hit, w),
    lhit: windowMean(lhit, w),
    rec: windowMean(rec, w),
    lrec: windowMean(lrec, w),
  }));
}

/**
 * One row of a parameter grid: the worst window's hit@1 gain over lexical() with clean and with
 * `noise` labels, hit@1 at 500–1000 and at the end, recall@5 at the end, and hit@1 at the end
 * with noise (`h3last` for 0.3).
 */
export function gridRow(data, qs, p, noise) {
  const r = run(data, qs, p, 0);
  const noisy = run(data, qs, p, noise);
  const worst = Math.min(...r.map((x) => x.hit - x.lhit), ...noisy.map((x) => x.hit - x.lhit));
  return {
    p: JSON.stringify(p),
    worst: worst.toFixed(1),
    h5: r[2].hit.toFixed(1),
    hlast: r[4].hit.toFixed(1),
    r5last: r[4].rec.toFixed(1),
    [`h${Math.round(noise * 10)}last`]: noisy[4].hit.toFixed(1),
  };
}
if (import.meta.url === `file://${process.argv[1]}`) {
  const data = load('metatool');
  const p = { tau: 0.3, k: 10, pow: 2, c: 1, T: 0.5, gamma: 1 };
  for (const split of ['train', 'test'])
    for (const noise of [0, 0.2, 0.3]) {
      const r = run(data, stream(data, split, 1, 3000), p, noise);
      console.log(
        split,
        noise,
        r
          .map(
            (x) =>
              `${x.w}: ${x.hit.toFixed(1)}/${x.lhit.toFixed(1)} r5 ${x.rec.toFixed(1)}/${x.lrec.toFixed(1)}`,
          )
          .join(' | '),
      );
    }
}
