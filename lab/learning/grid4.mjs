import { seededRandom } from '../../packages/core/dist/kit.js';
import { combine, load, logBlend, makeLearner, stream, windowMean, windows } from './sim.mjs';

const sets = Object.fromEntries(['metatool', 'bfcl', 'sealtools'].map((s) => [s, load(s)]));
const streams = Object.fromEntries(
  Object.entries(sets).map(([s, d]) => [
    s,
    stream(d, s === 'metatool' ? 'test' : undefined, 1, 3000),
  ]),
);
function run(set, p, b, noise = 0) {
  const data = sets[set];
  const qs = streams[set];
  const L = makeLearner(p);
  let wL = 0,
    wB = 0;
  const rnd = seededRandom(7);
  const hit = [],
    lhit = [];
  for (const q of qs) {
    const vv = L.votes(q.query);
    const z = (wL - wB) / Math.sqrt(wL + wB + 1);
    const trust = 1 / (1 + Math.exp(-(1.5 * z + b)));
    const r = combine(q.lex, vv, { ...p, amax: trust });
    const rel = new Set(q.relevant);
    hit.push(rel.has(r[0]) ? 1 : 0);
    lhit.push(rel.has(q.lex[0]?.[0]) ? 1 : 0);
    const taught = q.relevant.map((t) => {
      if (rnd() < noise) {
        let x;
        do {
          x = data.tools[Math.floor(rnd() * data.tools.length)];
        } while (rel.has(x));
        return x;
      }
      return t;
    });
    const full = combine(q.lex, vv, p)[0];
    const bt = q.lex[0]?.[0];
    const ts = new Set(taught);
    wL *= 0.998;
    wB *= 0.998;
    if (full !== bt) {
      if (ts.has(full)) wL++;
      else if (ts.has(bt)) wB++;
    }
    for (const t of taught) L.learn(q.query.slice(0, 2000), t);
  }
  const ws = windows.filter(([s]) => s < qs.length);
  return {
    worst: Math.min(...ws.map((w) => windowMean(hit, w) - windowMean(lhit, w))),
    mid: windowMean(hit, [500, 1000]),
    end: windowMean(hit, [2000, 3000]),
  };
}
for (const tau of [0.1, 0.2, 0.3])
  for (const c of [0.1, 0.3])
    for (const b of [1, 2]) {
      const p = { ...logBlend, tau, k: 40, c };
      const m = run('metatool', p, b),
        m2 = run('metatool', p, b, 0.2),
        m3 = run('metatool', p, b, 0.3),
        bf = run('bfcl', p, b),
        se = run('sealtools', p, b);
      console.log(
        JSON.stringify({ tau, c, b }),
        `mt worst ${m.worst.toFixed(1)} mid ${m.mid.toFixed(1)} end ${m.end.toFixed(1)} | n20 end ${m2.end.toFixed(1)} worst ${m2.worst.toFixed(1)} | n30 worst ${m3.worst.toFixed(1)} | bfcl worst ${bf.worst.toFixed(1)} end ${bf.end.toFixed(1)} | seal worst ${se.worst.toFixed(1)}`,
      );
    }
