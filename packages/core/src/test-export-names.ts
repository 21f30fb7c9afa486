import { readFileSync } from 'node:fs';

/** One name an entry point exports, and whether it exists at run time or only as a type. */
export interface ExportedName {
  readonly name: string;
  readonly kind: 'runtime' | 'type';
}

/**
 * The names an entry file (re-exports only, as every `index.ts` is) exports, types included,
 * sorted: `Object.keys(await import(...))` sees only the runtime half of a public surface.
 */
export function exportedNames(file: URL): ExportedName[] {
  const source = readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
  const names: ExportedName[] = [];
  for (const statement of source.split(';')) {
    const text = statement.trim();
    if (text === '') continue;
    const match = /^export\s+(type\s+)?\{([^}]*)\}\s+from\s+'[^']+'$/s.exec(text);
    if (!match) throw new Error(`${file.pathname}: not a named re-export: ${text.slice(0, 80)}`);
    for (const part of match[2]!.split(',')) {
      const specifier = part.trim();
      if (specifier === '') continue;
      const isType = match[1] !== undefined || specifier.startsWith('type ');
      const name = specifier
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1)!;
      names.push({ name, kind: isType ? 'type' : 'runtime' });
    }
  }
  return names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
