import { InvalidArgumentError, type RankerV1 } from '@shortlist/core';
import { throwIfAborted } from '@shortlist/core/kit';
import { createDatabase, endMarks, type IdMaps, insertTools, wrapDatabase } from './orama-index.js';
import type { OramaOptions } from './orama-options.js';
import { readSnapshot, tokenizerFingerprint, writeSnapshot } from './orama-snapshot.js';
import { resolveOptions } from './resolve-options.js';

/**
 * A ranker on Orama's full-text search: BM25 per field, summed with optional boosts, and Orama's
 * default prefix matching (the query term `emp` also matches `employee`). Written against core's
 * public API only, as a third-party plugin would be; the baseline Shortlist's own rankers beat.
 */
export function orama(options: OramaOptions = {}): RankerV1 {
  const resolved = resolveOptions(options);
  const snapshot = (db: Parameters<typeof writeSnapshot>[0], maps: IdMaps) =>
    writeSnapshot(db, maps, resolved.tokenizer, endMarks(resolved));
  const emptyMaps = (): IdMaps => ({ nameOf: new Map(), idOf: new Map() });

  return {
    specificationVersion: 'v1',
    id: resolved.id,
    async doIndex(tools, indexOptions) {
      throwIfAborted(indexOptions?.signal);
      const db = createDatabase(resolved);
      const maps = emptyMaps();
      await insertTools(db, maps, tools, indexOptions);
      return wrapDatabase(db, maps, resolved, snapshot);
    },
    async doRestore(bytes, tools, restoreOptions) {
      throwIfAborted(restoreOptions?.signal);
      const saved = readSnapshot(bytes);
      const expected = tokenizerFingerprint(resolved.tokenizer);
      if (saved.fingerprint !== expected) {
        throw new InvalidArgumentError({
          argument: 'snapshot',
          expected: 'a snapshot taken with the same tokenizer',
          message: `orama snapshot was indexed with another tokenizer ("${saved.fingerprint}" vs "${expected}" on a probe text); restore with the same orama() options or re-index`,
        });
      }
      if (saved.endMarks !== endMarks(resolved)) {
        throw new InvalidArgumentError({
          argument: 'snapshot',
          expected: `a snapshot taken with typo tolerance ${resolved.tolerance === 0 ? 'off' : 'on'}`,
          message: `orama snapshot was indexed with typo tolerance ${saved.endMarks ? 'off' : 'on'}, which marks its terms differently; restore with the same orama() options or re-index`,
        });
      }
      const db = createDatabase(resolved);
      saved.loadInto(db);
      const maps = emptyMaps();
      for (const [id, name] of saved.ids) {
        maps.nameOf.set(id, name);
        maps.idOf.set(name, id);
      }
      const index = wrapDatabase(db, maps, resolved, snapshot);
      const wanted = new Set(tools.map((tool) => tool.name));
      const stale = [...maps.idOf.keys()].filter((name) => !wanted.has(name));
      if (stale.length > 0) await index.doRemove!(stale, restoreOptions);
      const missing = tools.filter((tool) => !maps.idOf.has(tool.name));
      if (missing.length > 0) await index.doAdd!(missing, restoreOptions);
      return index;
    },
  };
}
