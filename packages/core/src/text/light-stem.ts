const VOWEL = /[aeiouy]/;

/**
 * A light English stemmer: folds plurals, `-ing`, `-ed` and a final `e` so that "schedule",
 * "schedules", "scheduled" and "scheduling" meet. Words that are not plain ASCII pass unchanged.
 */
export function lightStem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let stem = word;
  if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (stem.endsWith('ies') || stem.endsWith('ied')) stem = `${stem.slice(0, -3)}y`;
  else if (/(?:[sxz]|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/[sui]s$/.test(stem)) stem = stem.slice(0, -1);
  else if (stem.endsWith('ing') && stem.length >= 6 && VOWEL.test(stem.slice(0, -3))) {
    stem = undouble(stem.slice(0, -3));
  } else if (stem.endsWith('ed') && stem.length >= 5 && VOWEL.test(stem.slice(0, -2))) {
    stem = undouble(stem.slice(0, -2));
  }
  if (stem.length > 3 && stem.endsWith('e') && !stem.endsWith('ee')) stem = stem.slice(0, -1);
  return stem;
}

/** "stopp" -> "stop", but "call" and "pass" keep their double letter. */
function undouble(stem: string): string {
  const last = stem.charCodeAt(stem.length - 1);
  if (last === stem.charCodeAt(stem.length - 2) && !/[aeioulsz]$/.test(stem)) {
    return stem.slice(0, -1);
  }
  return stem;
}
