import { gridRow, load, stream } from './sim.mjs';

const data = load('metatool');
const qs = stream(data, 'train', 1, 3000);
const rows = [];
for (const c of [0.02, 0.1, 0.3])
  for (const T of [0.3, 1, 3])
    for (const tau of [0.05, 0.15, 0.3])
      for (const pow of [1, 3])
        for (const k of [10, 40]) {
          rows.push(gridRow(data, qs, { tau, k, pow, c, T, gamma: 1 }, 0.3));
        }
rows.sort((a, b) => b.hlast - a.hlast);
for (const r of rows.slice(0, 25)) console.log(r);
