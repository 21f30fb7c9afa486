// Online softmax-regression arbiter between lexical() and nearest-example votes (experiment).

import { seededRandom } from '../../packages/core/dist/kit.js';
import { load, makeLearner, stream, windowMean, windows } from './sim.mjs';

const P = { tau: 0.1, k: 20, pow: 2, c: 0.1, wmode: 'icf' };
const lr = Number(process.env.LR ?? 0.05);
const l2 = Number(process.env.L2 ?? 0);
const noise = Number(process.env.NOISE ?? 0);
const featNames = (process.env.FEATS ?? 'ab,sim,top,pop,lexTop').split(',');

function feats(q, vv, L) {
  const lex = q.lex;
  const top = lex[0]?.[1] ?? 0;
  let z = 0;
  for (const [, s] of lex) z += Math.exp(s - top);
  const pb = new Map(lex.map(([n, s]) => [n, Math.exp(s - top) / z]));
  let mass = 0;
  for (const x of vv.v.values()) mass += x;
  const alpha = mass / (mass + P.c);
  const cands = new Set([...pb.keys(), ...vv.v.keys()]);
  let knnTop,
    kbest = -1;
  for (const [n, x] of vv.v)
    if (x > kbest) {
      kbest = x;
      knnTop = n;
    }
  const out = [];
  for (const c of cands) {
    const b = Math.log((pb.get(c) ?? 0) + 0.001);
    const l = Math.log((vv.v.get(c) ?? 0) / (mass || 1) + 0.05);
    const ms = vv.maxSim?.get(c) ?? 0;
    const f = [b];
    for (const name of featNames) {
      if (name === 'ab') f.push(alpha * (l - b));
      if (name === 'l') f.push(mass > 0 ? l - Math.log(0.05) : 0);
      if (name === 'sim') f.push(ms * (l - b));
      if (name === 'top') f.push(c === knnTop ? 1 : 0);
      if (name === 'simtop') f.push(c === knnTop ? ms : 0);
      if (name === 'pop') f.push(Math.log(1 + (L.count.get(c) ?? 0)) / 5);
      if (name === 'lexTop') f.push(c === lex[0]?.[0] ? 1 : 0);
      if (name === 'neg') f.push(-(vv.neg.get(c) ?? 0));
    }
    out.push([c, f]);
  }
  return out;
}

for (const set of (process.env.SETS ?? 'metatool,bfcl,sealtools').split(',')) {
  const data = load(set);
  const qs = stream(data, set === 'metatool' ? 'test' : undefined, 1, 3000);
  const L = makeLearner(P);
  L.count = new Map();
  const origVotes = L.votes;
  const rnd = seededRandom(7);
  const w = [1, ...featNames.map(() => 0)];
  const hit = [],
    lhit = [],
    rec = [];
  for (const q of qs) {
    const vv = origVotes(q.query);
    const fs = feats(q, vv, L);
    const sc = fs.map(([c, f]) => [c, f.reduce((a, x, i) => a + x * w[i], 0), f]);
    sc.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const rel = new Set(q.relevant);
    if (!sc.length) {
      hit.push(0);
      rec.push(0);
      lhit.push(0);
      continue;
    }
    hit.push(rel.has(sc[0][0]) ? 1 : 0);
    rec.push(sc.slice(0, 5).filter(([c]) => rel.has(c)).length / rel.size);
    lhit.push(rel.has(q.lex[0]?.[0]) ? 1 : 0);
    // feedback
    const taught = [];
    for (const t of q.relevant) {
      let tool = t;
      if (rnd() < noise)
        do {
          tool = data.tools[Math.floor(rnd() * data.tools.length)];
        } while (rel.has(tool));
      taught.push(tool);
    }
    // SGD step on softmax CE, target = taught tool if among candidates
    const mx = sc[0][1];
    let Z = 0;
    for (const s of sc) Z += Math.exp(s[1] - mx);
    for (const tool of taught) {
      const tgt = sc.find(([c]) => c === tool);
      if (!tgt) continue;
      const g = w.map(() => 0);
      for (const [, s, f] of sc) {
        const p = Math.exp(s - mx) / Z;
        f.forEach((x, i) => {
          g[i] += p * x;
        });
      }
      tgt[2].forEach((x, i) => {
        g[i] -= x;
      });
      for (let i = 1; i < w.length; i++) w[i] -= lr * (g[i] + l2 * w[i]);
    }
    for (const tool of taught) {
      L.learn(q.query, tool);
      L.count.set(tool, (L.count.get(tool) ?? 0) + 1);
    }
  }
  console.log(
    set.padEnd(10),
    windows
      .map((wd) => `${windowMean(hit, wd).toFixed(1)}/${windowMean(lhit, wd).toFixed(1)}`)
      .join('  '),
    'r5',
    windowMean(rec, [2000, 3000]).toFixed(1),
    'w',
    w.map((x) => x.toFixed(2)).join(' '),
  );
}
