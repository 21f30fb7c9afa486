import { load, stream, termsOf } from './sim.mjs';

const data = load('metatool');
const qs = stream(data, process.argv[2] ?? 'test', 1, 3000);
// store all sims per query once (brute force), then evaluate vote variants
const ex = [];
const df = new Map();
const tt = new Map();
const tools = new Map();
const res = {};
const variants = [];
for (const k of [10, 20, 40])
  for (const pow of [1, 2, 4])
    for (const ce of [0, 0.25])
      for (const nb of [0.5, 1]) for (const sq of [1, 2]) variants.push({ k, pow, ce, nb, sq });
for (const [i, q] of qs.entries()) {
  const terms = termsOf(q.query);
  if (i >= 2000) {
    const T = tools.size;
    const w = (t) => Math.log(1 + (T + 1) / ((tt.get(t)?.size ?? 0) + 0.5));
    const qw = new Map(terms.map((t) => [t, w(t)]));
    let qn = 0;
    for (const x of qw.values()) qn += x * x;
    qn = Math.sqrt(qn);
    const raw = [];
    for (const e of ex) {
      let d1 = 0,
        d2 = 0,
        en = 0;
      for (const t of e.terms) {
        const x = w(t);
        en += x * x;
        if (qw.has(t)) {
          d2 += x * x;
          d1 += x;
        }
      }
      if (d2 > 0) raw.push([d1, d2, en, e.tool]);
    }
    const simsFor = {};
    const rel = new Set(q.relevant);
    for (const vr of variants) {
      const sk = `${vr.nb},${vr.sq}`;
      const sims = (simsFor[sk] ??= raw
        .map(([d1, d2, en, t]) => [
          (vr.sq === 2 ? d2 / qn : d1 / Math.sqrt(qn)) / en ** (vr.nb / 2),
          t,
        ])
        .sort((a, b) => b[0] - a[0]));
      const v = new Map();
      for (const [s, t] of sims.slice(0, vr.k)) if (s >= 0) v.set(t, (v.get(t) ?? 0) + s ** vr.pow);
      for (const [t, x] of v) v.set(t, x / tools.get(t) ** vr.ce);
      const best = [...v].sort((a, b) => b[1] - a[1])[0];
      const key = JSON.stringify(vr);
      res[key] = (res[key] ?? 0) + (best && rel.has(best[0]) ? 1 : 0);
    }
  }
  for (const t of q.relevant) {
    ex.push({ terms, tool: t });
    tools.set(t, (tools.get(t) ?? 0) + 1);
    for (const x of terms) {
      let z = tt.get(x);
      if (!z) tt.set(x, (z = new Set()));
      z.add(t);
    }
  }
}
console.log(
  Object.entries(res)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, v]) => `${k} ${v / 10}`)
    .join('\n'),
);
