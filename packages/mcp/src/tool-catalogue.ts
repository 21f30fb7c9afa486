import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { gatewayToolName } from './tool-naming.js';

/** One upstream tool as the gateway serves it. */
export interface CatalogueEntry {
  /** The gateway's name for it (see `gatewayToolName`). */
  readonly name: string;
  readonly server: string;
  /** The upstream's own definition, untouched. */
  readonly upstream: McpTool;
  /** The upstream definition renamed to `name`: what clients and the picker see. */
  readonly exposed: McpTool;
}

/** What one listing changed, by gateway name. */
export interface CatalogueChange {
  readonly removed: readonly string[];
  readonly added: readonly CatalogueEntry[];
}

/**
 * Every upstream's tools under collision-free gateway names. A tool keeps its name for as long
 * as it exists, so a relisting never renames what a client already holds.
 */
export class ToolCatalogue {
  private readonly entries = new Map<string, CatalogueEntry>();
  private readonly byServer = new Map<string, Map<string, CatalogueEntry>>();

  get size(): number {
    return this.entries.size;
  }

  get(name: string): CatalogueEntry | undefined {
    return this.entries.get(name);
  }

  all(): CatalogueEntry[] {
    return [...this.entries.values()];
  }

  /** Replaces one server's tools and says which names went and which came (changed tools do both). */
  update(server: string, tools: readonly McpTool[]): CatalogueChange {
    const before = this.byServer.get(server) ?? new Map<string, CatalogueEntry>();
    const after = new Map<string, CatalogueEntry>();
    const removed: string[] = [];
    const added: CatalogueEntry[] = [];
    const incoming = new Map(tools.map((tool) => [tool.name, tool]));
    for (const [toolName, entry] of before) {
      const next = incoming.get(toolName);
      if (next && JSON.stringify(next) === JSON.stringify(entry.upstream)) {
        after.set(toolName, entry);
      } else {
        removed.push(entry.name);
        this.entries.delete(entry.name);
      }
    }
    // Sorted, so two names that sanitise alike are resolved the same way on every start.
    const fresh = tools
      .filter((tool) => !after.has(tool.name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const tool of fresh) {
      const previous = before.get(tool.name);
      const name = previous?.name ?? gatewayToolName(server, tool.name, this.entries);
      const entry: CatalogueEntry = { name, server, upstream: tool, exposed: { ...tool, name } };
      this.entries.set(name, entry);
      after.set(tool.name, entry);
      added.push(entry);
    }
    this.byServer.set(server, after);
    return { removed, added };
  }
}
