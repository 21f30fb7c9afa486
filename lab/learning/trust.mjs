import { combine, load, logBlend, makeLearner, stream, windowMean, windows } from './sim.mjs';

const p0 = {
  ...logBlend,
  tau: 0.1,
  c: 0.1,
  beta: Number(process.env.BETA ?? 0),
  ps: Number(process.env.PS ?? 1),
  k: Number(process.env.K ?? 40),
};
const mode = process.argv[2] ?? 'trust';
for (const set of ['metatool', 'bfcl', 'sealtools']) {
  const data = load(set);
  const qs = stream(data, set === 'metatool' ? 'test' : undefined, 1, 3000);
  const L = makeLearner(p0);
  let wL = 0,
    wB = 0;
  const hit = [],
    lhit = [];
  for (const q of qs) {
    const vv = L.votes(q.query);
    const b = Number(process.argv[3] ?? 2);
    const z = (wL - wB) / Math.sqrt(wL + wB + 1);
    const trust = mode === 'none' ? 1 : 1 / (1 + Math.exp(-(Number(process.argv[4] ?? 1) * z + b)));
    const p = { ...p0, amax: trust };
    const r = combine(q.lex, vv, p);
    const rel = new Set(q.relevant);
    hit.push(rel.has(r[0]) ? 1 : 0);
    lhit.push(rel.has(q.lex[0]?.[0]) ? 1 : 0);
    const lt = process.env.RAW
      ? [...vv.v].sort((a, b) => b[1] - a[1])[0]?.[0]
      : combine(q.lex, vv, p0)[0];
    const bt = q.lex[0]?.[0];
    const decay = Number(process.argv[5] ?? 1);
    wL *= decay;
    wB *= decay;
    if (lt !== undefined && lt !== bt) {
      if (rel.has(lt)) wL++;
      if (rel.has(bt)) wB++;
    }
    for (const t of q.relevant) L.learn(q.query.slice(0, 2000), t);
  }
  console.log(
    set.padEnd(10),
    windows
      .map((w) => `${windowMean(hit, w).toFixed(1)}/${windowMean(lhit, w).toFixed(1)}`)
      .join('  '),
    `wL ${wL} wB ${wB}`,
  );
}
