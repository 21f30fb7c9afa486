const trailingNumber = /[-_:.]?\d+(?:[-_]\d+)*$/;

/**
 * The category of a query from its id: the id without its trailing number, so BFCL's
 * `live_multiple_3-1-0` is `live_multiple`, MetaTool's `single:12` is `single`.
 */
export function queryGroup(id: string): string {
  const group = id.replace(trailingNumber, '');
  return group === '' ? id : group;
}
