import { load, run, stream } from './sim.mjs';

const data = load('metatool');
const split = process.argv[2] ?? 'train';
const qs = stream(data, split, 1, 3000);
const rows = [];
for (const c of [0.1, 0.3, 1])
  for (const T of [0.5, 1])
    for (const eps of [0.001, 0.01])
      for (const eps2 of [0.001, 0.01, 0.05])
        for (const pow of [2, 3]) {
          const p = { tau: 0.1, k: 40, pow, c, T, gamma: 1, mode: 'log', eps, eps2 };
          const r = run(data, qs, p, 0);
          const r2 = run(data, qs, p, 0.2);
          const worst = Math.min(...r.map((x) => x.hit - x.lhit), ...r2.map((x) => x.hit - x.lhit));
          rows.push({
            p: JSON.stringify(p),
            worst: worst.toFixed(1),
            h5: r[2].hit.toFixed(1),
            hlast: r[4].hit.toFixed(1),
            r5last: r[4].rec.toFixed(1),
            h2last: r2[4].hit.toFixed(1),
          });
        }
rows.sort((a, b) => b.hlast - a.hlast);
for (const r of rows.slice(0, 15)) console.log(Object.values(r).join('  '));
