/** What `INFO memory` says about eviction, read once a process connects. */
export interface MemorySettings {
  readonly maxmemory: number;
  readonly policy: string;
  readonly used: number;
}

/** Parses `INFO memory`; undefined when the fields are absent (INFO renamed or restricted). */
export function parseMemorySettings(info: unknown): MemorySettings | undefined {
  if (typeof info !== 'string') return undefined;
  const field = (name: string) => new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1];
  const maxmemory = Number(field('maxmemory'));
  const used = Number(field('used_memory'));
  const policy = field('maxmemory_policy');
  if (!Number.isFinite(maxmemory) || !Number.isFinite(used) || policy === undefined)
    return undefined;
  return { maxmemory, policy, used };
}

/**
 * Why these Redis memory settings endanger keys without a TTL (a stream and a state hash that
 * must hold every change), or undefined when they do not: an `allkeys-*` policy may evict them,
 * and a full Redis under `noeviction` refuses the changes other processes publish.
 */
export function memorySettingsProblem(
  settings: MemorySettings | undefined,
): { readonly evicts: boolean; readonly message: string } | undefined {
  if (!settings || settings.maxmemory === 0) return undefined;
  if (settings.policy.startsWith('allkeys-')) {
    const message = `Redis has maxmemory-policy ${settings.policy} with maxmemory ${settings.maxmemory}: it may evict the shared catalogue's stream and state, and processes started later would miss tools; set maxmemory-policy noeviction (or a volatile-* policy: these keys have no TTL)`;
    return { evicts: true, message };
  }
  if (settings.policy === 'noeviction' && settings.used >= settings.maxmemory) {
    const message = `Redis is out of memory (used_memory ${settings.used} ≥ maxmemory ${settings.maxmemory}, maxmemory-policy noeviction): changes other processes make cannot be published, so this catalogue may lack them; raise maxmemory or free memory`;
    return { evicts: false, message };
  }
  return undefined;
}
