/** Spec versions this copy of core accepts from plugins; error messages list them from here. */
export const supportedSpecVersions = ['v1'] as const;

export type SpecVersion = (typeof supportedSpecVersions)[number];
