import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { HostileCase } from './hostile-case.js';

const onPath = (program: string): boolean =>
  (process.env.PATH ?? '').split(delimiter).some((directory) => {
    try {
      accessSync(join(directory, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/**
 * Why a case cannot run here (a program it starts is not installed), or undefined when it can:
 * such a case is skipped and said to be, never counted as passed. CI installs every one.
 */
export function missingNeeds(hostile: HostileCase): string | undefined {
  const missing = (hostile.needs ?? []).filter((program) => !onPath(program));
  return missing.length === 0 ? undefined : `${missing.join(', ')} not installed`;
}
