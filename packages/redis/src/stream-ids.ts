/** Orders two stream ids (`ms-seq`); called per entry read, so it allocates no arrays. */
export function compareIds(a: string, b: string): number {
  const aDash = a.indexOf('-');
  const bDash = b.indexOf('-');
  const aMs = Number(aDash === -1 ? a : a.slice(0, aDash));
  const bMs = Number(bDash === -1 ? b : b.slice(0, bDash));
  if (aMs !== bMs) return aMs - bMs;
  return (
    (aDash === -1 ? 0 : Number(a.slice(aDash + 1))) -
    (bDash === -1 ? 0 : Number(b.slice(bDash + 1)))
  );
}

/** One field of an `XINFO STREAM` reply (field, value, field, value...); undefined when absent. */
export function streamInfoField(info: unknown, name: string): unknown {
  if (!Array.isArray(info)) return undefined;
  for (let at = 0; at + 1 < info.length; at += 2) if (info[at] === name) return info[at + 1];
  return undefined;
}

/**
 * Whether changes after `since` were trimmed away, from `XINFO STREAM` (conservative: when
 * unsure, yes; a needless resync changes nothing). Trimming, unlike XDEL, does not move
 * `max-deleted-entry-id`, so it shows as fewer entries than were added.
 */
export function trimmedSince(info: unknown, since: string): boolean {
  if (!Array.isArray(info)) return false; // no stream yet: nothing was trimmed
  const field = (name: string): unknown => streamInfoField(info, name);
  const deleted = field('max-deleted-entry-id');
  if (typeof deleted === 'string' && compareIds(deleted, since) > 0) return true;
  const added = field('entries-added');
  if (typeof added === 'number' && added === field('length')) return false; // none removed
  const first = field('first-entry');
  if (Array.isArray(first) && typeof first[0] === 'string') return compareIds(first[0], since) > 0;
  // Empty: whatever came after `since` is gone.
  const last = field('last-generated-id');
  return typeof last === 'string' && compareIds(last, since) > 0;
}
