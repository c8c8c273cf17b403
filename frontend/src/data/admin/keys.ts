/** The prefix of every admin query key: signing out or restoring a revision drops them all. */
export const adminKeys = {
  all: ['admin'] as const,
  /** The signed-in admin's token check. */
  session: ['admin', 'session'] as const,
};
