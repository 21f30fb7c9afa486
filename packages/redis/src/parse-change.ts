import { toTools } from '@shortlist/core';
import type { WarningHandler } from '@shortlist/core/kit';
import type { Change } from './catalogue-publish.js';

/**
 * Reads stream entries (and catalogue state fields) as changes: an add must carry a valid tool of
 * its name. Anything else is skipped with a warning naming the entry, never applied.
 */
export function changeParser(
  label: string,
  onWarning: WarningHandler,
): (id: string, fields: string[]) => Change | undefined {
  return (id, fields) => {
    const record: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
    const { op, name, tool } = record;
    if (typeof name === 'string' && op === 'remove') return { op, name };
    if (typeof name === 'string' && op === 'add' && typeof tool === 'string') {
      try {
        const [parsed] = toTools([JSON.parse(tool)]);
        if (parsed?.name === name) return { op, name, tool };
      } catch {
        // reported below
      }
    }
    onWarning(`${label}: skipped entry ${id}, which is not a valid change`);
    return undefined;
  };
}
