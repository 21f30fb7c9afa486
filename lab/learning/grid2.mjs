import { gridRow, load, stream } from './sim.mjs';

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
          rows.push(gridRow(data, qs, p, 0.2));
        }
rows.sort((a, b) => b.hlast - a.hlast);
for (const r of rows.slice(0, 15)) console.log(Object.values(r).join('  '));
