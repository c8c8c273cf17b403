/** Query keys of the media library; invalidating `mediaKey` refreshes all of it. */
export const mediaKey = ['admin', 'media'] as const;
export const mediaFilesKey = [...mediaKey, 'files'] as const;
export const mediaDetailsKey = [...mediaKey, 'details'] as const;
export const mediaUsageKey = [...mediaKey, 'usage'] as const;
