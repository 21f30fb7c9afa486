/**
 * The rows of a fixture written as a text table, one row a line and cells between ` | `, each
 * cell trimmed: catalogues that read as one tool a line. Blank lines around it are dropped.
 */
export function tableRows(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((row) => row.split(' | ').map((cell) => cell.trim()));
}
