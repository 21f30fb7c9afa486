/**
 * Function words that carry no meaning about which tool fits a query. Deliberately short: words
 * such as "get", "list", "new" or "all" name actions and stay searchable.
 */
export const englishStopwords: ReadonlySet<string> = new Set(
  `a about above after again against am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has
  have having he her here hers herself him himself his how i if in into is it its itself just me
  might more most must my myself no nor not of off on once only or other ought our ours ourselves
  out over own please same shall she should so some such than that the their theirs them
  themselves then there these they this those through to too under until up very was we were
  what when where which while who whom why will with would you your yours yourself yourselves
  s t d ll m re ve`
    .split(/\s+/)
    .filter(Boolean),
);
