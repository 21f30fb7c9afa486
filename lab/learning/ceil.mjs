import { defaultTokenizer } from '../../packages/core/dist/kit.js';
import { load, makeLearner, stream, termsOf } from './sim.mjs';

const data = load('metatool');
const qs = stream(data, process.argv[2] ?? 'train', 1, 3000);
const terms = termsOf;
function proto() {
  const tf = new Map();
  const df = new Map();
  let ntools = 0;
  return {
    learn(q, tool) {
      let m = tf.get(tool);
      if (!m) {
        tf.set(tool, (m = new Map()));
        ntools++;
      }
      for (const t of terms(q)) {
        if (!m.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
        m.set(t, (m.get(t) ?? 0) + 1);
      }
    },
    score(q) {
      const qt = terms(q);
      const out = [];
      const idf = (t) => Math.log(1 + ntools / (df.get(t) ?? 0.5));
      for (const [tool, m] of tf) {
        let dot = 0,
          n = 0;
        for (const [t, c] of m) {
          const w = (1 + Math.log(c)) * idf(t);
          n += w * w;
        }
        for (const t of qt) {
          const c = m.get(t);
          if (c) dot += (1 + Math.log(c)) * idf(t) * idf(t);
        }
        out.push([tool, dot / Math.sqrt(n || 1)]);
      }
      return out.sort((a, b) => b[1] - a[1]);
    },
  };
}
const L = makeLearner({ tau: 0.05, k: 40, pow: 3, wmode: process.env.W });
const P = proto();
const hk = [],
  hp = [];
for (const q of qs) {
  const rel = new Set(q.relevant);
  const { v } = L.votes(q.query);
  const best = [...v].sort((a, b) => b[1] - a[1])[0];
  hk.push(best && rel.has(best[0]) ? 1 : 0);
  const ps = P.score(q.query);
  hp.push(ps[0] && rel.has(ps[0][0]) ? 1 : 0);
  for (const t of q.relevant) {
    L.learn(q.query, t);
    P.learn(q.query, t);
  }
}
const avg = (a, s, e) => (100 * a.slice(s, e).reduce((x, y) => x + y, 0)) / (e - s);
console.log(
  'knn',
  avg(hk, 500, 1000),
  avg(hk, 2000, 3000),
  'proto',
  avg(hp, 500, 1000),
  avg(hp, 2000, 3000),
);
{
  const L = makeLearner({
    tau: 0.05,
    k: Number(process.env.K ?? 40),
    pow: Number(process.env.POW ?? 3),
    wmode: process.env.W,
  });
  const P = proto();
  const res = {};
  for (const q of qs) {
    const rel = new Set(q.relevant);
    const { v } = L.votes(q.query);
    let m = 0;
    for (const x of v.values()) m += x;
    const ps = P.score(q.query).slice(0, 50);
    let pm = 0;
    for (const [, s] of ps) pm += Math.exp(s * 5);
    for (const beta of [0, 0.25, 0.5, 1]) {
      const sc = new Map();
      for (const [t, x] of v) sc.set(t, x / (m || 1));
      for (const [t, s] of ps) sc.set(t, (sc.get(t) ?? 0) + (beta * Math.exp(s * 5)) / pm);
      const best = [...sc].sort((a, b) => b[1] - a[1])[0];
      (res[beta] ??= []).push(best && rel.has(best[0]) ? 1 : 0);
    }
    for (const t of q.relevant) {
      L.learn(q.query, t);
      P.learn(q.query, t);
    }
  }
  for (const [b, a] of Object.entries(res))
    console.log('mix', b, avg(a, 500, 1000), avg(a, 2000, 3000));
}
