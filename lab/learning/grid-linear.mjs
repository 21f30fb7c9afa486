import { load, run, stream } from './sim.mjs';

const data = load('metatool');
const qs = stream(data, 'train', 1, 3000);
const rows = [];
for (const c of [0.02, 0.1, 0.3])
  for (const T of [0.3, 1, 3])
    for (const tau of [0.05, 0.15, 0.3])
      for (const pow of [1, 3])
        for (const k of [10, 40]) {
          const p = { tau, k, pow, c, T, gamma: 1 };
          const r = run(data, qs, p, 0);
          const r3 = run(data, qs, p, 0.3);
          const worst = Math.min(...r.map((x) => x.hit - x.lhit), ...r3.map((x) => x.hit - x.lhit));
          rows.push({
            p: JSON.stringify(p),
            worst: worst.toFixed(1),
            h5: r[2].hit.toFixed(1),
            hlast: r[4].hit.toFixed(1),
            r5last: r[4].rec.toFixed(1),
            h3last: r3[4].hit.toFixed(1),
          });
        }
rows.sort((a, b) => b.hlast - a.hlast);
for (const r of rows.slice(0, 25)) console.log(r);
