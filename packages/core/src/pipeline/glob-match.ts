/** `?` inside a segment: any one code point. */
const ANY = -1;

/** A glob segment as code points, `?` as `ANY`. */
const codePoints = (text: string): number[] => {
  const points: number[] = [];
  for (let i = 0; i < text.length; ) {
    const point = text.codePointAt(i)!;
    points.push(point === 63 ? ANY : point);
    i += point > 0xffff ? 2 : 1;
  }
  return points;
};

/** Whether `segment` matches `name` at `at` (no bounds check beyond the name's end). */
function matchesAt(name: readonly number[], at: number, segment: readonly number[]): boolean {
  for (let j = 0; j < segment.length; j++) {
    const want = segment[j]!;
    if (want !== ANY && want !== name[at + j]) return false;
  }
  return true;
}

/**
 * Compiles a scope glob (`*` any run of characters, `?` one code point, the rest literal) once per
 * select, into a test read for every candidate a ranker scores. It never backtracks: segments
 * between stars are found leftmost, each once, so a test costs at most name × glob steps.
 */
export function compileGlob(glob: string): (name: string) => boolean {
  const segments = glob.split('*').map(codePoints);
  const first = segments[0]!;
  if (segments.length === 1) {
    return (name) => {
      const points = namePoints(name);
      return points.length === first.length && matchesAt(points, 0, first);
    };
  }
  const last = segments.at(-1)!;
  const middle = segments.slice(1, -1).filter((segment) => segment.length > 0);
  const least = segments.reduce((sum, segment) => sum + segment.length, 0);
  return (name) => {
    const points = namePoints(name);
    if (points.length < least) return false;
    if (!matchesAt(points, 0, first)) return false;
    const end = points.length - last.length;
    if (!matchesAt(points, end, last)) return false;
    let at = first.length;
    for (const segment of middle) {
      // The leftmost place is always best: any later match leaves less room for what follows.
      while (at + segment.length <= end && !matchesAt(points, at, segment)) at++;
      if (at + segment.length > end) return false;
      at += segment.length;
    }
    return true;
  };
}

/** A name as code points; `?` in a name is a literal character, never the wildcard. */
function namePoints(name: string): number[] {
  const points: number[] = [];
  for (let i = 0; i < name.length; ) {
    const point = name.codePointAt(i)!;
    points.push(point);
    i += point > 0xffff ? 2 : 1;
  }
  return points;
}
