import type { PackCandidate } from '../spec/packer-v1.js';
import type { Tool } from '../tools/tool.js';

/**
 * A packing candidate that looks its tool up in the catalogue only when the packer reads it. A
 * greedy packer stops reading once it has kept `limit` tools, so most of the over-fetched window
 * never costs a catalogue lookup (a cache miss apiece on a large catalogue).
 */
export class LazyCandidate<Original> implements PackCandidate {
  #tool: Tool<Original> | undefined;

  constructor(
    readonly name: string,
    readonly score: number,
    readonly rank: number,
    private readonly fusedBy: string,
    private readonly lookUp: (name: string, pluginId: string) => Tool<Original>,
  ) {}

  get tool(): Tool<Original> {
    this.#tool ??= this.lookUp(this.name, this.fusedBy);
    return this.#tool;
  }
}
