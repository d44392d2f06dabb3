// One colour per person, the same on every screen and visit, so avatars side by side (a team's
// stack, a board of assignees) tell people apart at a glance instead of all being one tint.

/** Ten distinct hues (one green-blue only), each dark enough for white initials (≥ 4.5:1). */
export const PERSON_COLOURS = [
  'bg-blue-600',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-violet-600',
  'bg-rose-600',
  'bg-sky-700',
  'bg-fuchsia-700',
  'bg-orange-700',
  'bg-indigo-600',
  'bg-pink-700',
] as const;

/** The background class of a person's initials, from a string hash of their id. */
export function personColour(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PERSON_COLOURS[hash % PERSON_COLOURS.length] ?? PERSON_COLOURS[0];
}
