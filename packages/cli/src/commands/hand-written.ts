/**
 * Marks the start of a hand-written part of a generated page (notes, figures printed by lab
 * scripts): `report` keeps it when it rewrites the page. The part runs to the marker
 * `<!-- /hand-written -->`, or else to the next `## ` heading after its own first line.
 */
export const HAND_WRITTEN = '<!-- hand-written -->';
const END = '<!-- /hand-written -->';

/** A hand-written part and the generated `## ` heading it followed, if any. */
interface HandWritten {
  readonly after: string | undefined;
  readonly text: string;
}

const isHeading = (line: string): boolean => line.startsWith('## ');

/** The hand-written parts of a page, in order, each with the generated heading above it. */
function handWrittenParts(page: string): HandWritten[] {
  const lines = page.split('\n');
  const parts: HandWritten[] = [];
  let heading: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== HAND_WRITTEN) {
      if (isHeading(lines[i]!)) heading = lines[i];
      continue;
    }
    let end = i + 1;
    // The part's own heading, if it opens with one, belongs to it.
    while (end < lines.length && lines[end]!.trim() === '') end++;
    if (end < lines.length && isHeading(lines[end]!)) end++;
    while (end < lines.length && !isHeading(lines[end]!) && lines[end]!.trim() !== END) end++;
    const closed = end < lines.length && lines[end]!.trim() === END;
    const text = lines.slice(i, closed ? end + 1 : end).join('\n');
    parts.push({ after: heading, text: text.trimEnd() });
    i = closed ? end : end - 1;
  }
  return parts;
}

/**
 * The generated page with the hand-written parts of the page it replaces put back, each at the
 * end of the generated section it followed (at the page's end if that section is gone).
 */
export function keepHandWritten(generated: string, previous: string | undefined): string {
  const parts = previous === undefined ? [] : handWrittenParts(previous);
  if (parts.length === 0) return generated;
  const lines = generated.split('\n');
  /** Per line index, the parts to put before it; `lines.length` for the page's end. */
  const before = new Map<number, string[]>();
  for (const part of parts) {
    let at = lines.length;
    const start = part.after === undefined ? -1 : lines.indexOf(part.after);
    if (start >= 0) {
      at = start + 1;
      while (at < lines.length && !isHeading(lines[at]!)) at++;
    }
    before.set(at, [...(before.get(at) ?? []), part.text]);
  }
  const out: string[] = [];
  const put = (at: number) => {
    for (const text of before.get(at) ?? []) {
      while (out.length > 0 && out.at(-1)!.trim() === '') out.pop();
      out.push('', text, '');
    }
  };
  lines.forEach((line, i) => {
    put(i);
    out.push(line);
  });
  put(lines.length);
  return out.join('\n').replace(/\n+$/, '');
}
