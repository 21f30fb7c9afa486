import { load, stream, termsOf } from './sim.mjs';

const data = load('metatool');
const qs = stream(data, process.argv[2] ?? 'test', 1, 3000);
// Multinomial NB
const cnt = new Map(),
  tot = new Map(),
  vocab = new Set(),
  prior = new Map();
let N = 0;
// multiclass perceptron (averaged) on binary word features
const W = new Map(); // term -> Map(tool -> w)
const res = { nb: 0, nb0: 0, pa: 0 };
for (const alpha of []) {
}
for (const [i, q] of qs.entries()) {
  const terms = termsOf(q.query);
  const rel = new Set(q.relevant);
  if (i >= 2000) {
    for (const [key, a, usePrior] of [
      ['nb', 0.1, 1],
      ['nb0', 0.1, 0],
    ]) {
      let best,
        bs = -Infinity;
      for (const [tool, m] of cnt) {
        let s = usePrior ? Math.log(prior.get(tool) / N) : 0;
        const T = tot.get(tool);
        for (const t of terms) s += Math.log(((m.get(t) ?? 0) + a) / (T + a * vocab.size));
        if (s > bs) {
          bs = s;
          best = tool;
        }
      }
      if (rel.has(best)) res[key]++;
    }
  }
  // PA predict
  const sc = new Map();
  for (const t of terms) {
    const m = W.get(t);
    if (m) for (const [tool, w] of m) sc.set(tool, (sc.get(tool) ?? 0) + w);
  }
  const ranked = [...sc].sort((a, b) => b[1] - a[1]);
  if (i >= 2000 && ranked[0] && rel.has(ranked[0][0])) res.pa++;
  for (const tool of q.relevant) {
    // NB update
    let m = cnt.get(tool);
    if (!m) {
      cnt.set(tool, (m = new Map()));
      tot.set(tool, 0);
      prior.set(tool, 0);
    }
    prior.set(tool, prior.get(tool) + 1);
    N++;
    for (const t of terms) {
      m.set(t, (m.get(t) ?? 0) + 1);
      tot.set(tool, tot.get(tool) + 1);
      vocab.add(t);
    }
    // PA update: margin between true and best wrong
    const wrong = ranked.find(([t]) => t !== tool);
    const sTrue = sc.get(tool) ?? 0;
    const sWrong = wrong ? wrong[1] : 0;
    const loss = Math.max(0, 1 - (sTrue - sWrong));
    if (loss > 0) {
      const tau = Math.min(1, loss / (2 * terms.length || 1));
      for (const t of terms) {
        let m2 = W.get(t);
        if (!m2) W.set(t, (m2 = new Map()));
        m2.set(tool, (m2.get(tool) ?? 0) + tau);
        if (wrong) m2.set(wrong[0], (m2.get(wrong[0]) ?? 0) - tau);
      }
    }
  }
}
console.log(Object.fromEntries(Object.entries(res).map(([k, v]) => [k, v / 10])));
