import type { PackCandidate } from '../spec/packer-v1.js';
import type { Tool } from '../tools/tool.js';

/**
 * A packing candidate that looks its tool up in the catalogue only when the packer reads it. A
 * greedy packer stops reading once it has kept `limit` tools, so most of the over-fetched window
 * never costs a catalogue lookup (a cache miss apiece on a large catalogue). One class, so every
 * candidate shares a hidden class; `tool` is a getter on its prototype, which a spread does not copy.
 */
export class LazyCandidate<Original> implements PackCandidate {
  readonly name: string;
  readonly score: number;
  readonly rank: number;
  #tool: Tool<Original> | undefined;
  readonly #lookUp: (name: string) => Tool<Original>;

  constructor(name: string, score: number, rank: number, lookUp: (name: string) => Tool<Original>) {
    this.name = name;
    this.score = score;
    this.rank = rank;
    this.#lookUp = lookUp;
  }

  get tool(): Tool<Original> {
    this.#tool ??= this.#lookUp(this.name);
    return this.#tool;
  }
}
