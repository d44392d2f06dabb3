// The history entries the recurrence module writes (issue 29, docs/decisions/040-recurrence.md).

/** Why an on-schedule series stopped when its day came: its next occurrence could not be made. */
export const stoppedBecause = {
  productTrashed: 'its product is in the trash',
  productArchived: 'its product is archived',
  creatorGone: 'the person who set it up no longer has an account',
  creatorCannot: (name: string) => `${name} can no longer create tasks in its product`,
} as const;

export const stoppedEntry = (title: string, words: string, reason: string) =>
  `Stopped repeating "${title}" (${words}): ${reason}`;
