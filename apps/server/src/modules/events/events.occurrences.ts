import { addCalendarDays, datesBetween, formatRule, parseRule, RECURRENCE_COUNT_MAX } from '@shipyard/shared';

// The rules of a series split at one of its dates, "This and following events"
// (docs/decisions/042-event-exceptions.md).

function partsOf(rule: string) {
  const parsed = parseRule(rule);
  if (!parsed.ok) throw new Error(`stored rule is not valid: ${parsed.message}`);
  return parsed.parts;
}

/** The rule ending on `lastDay` (UNTIL; COUNT gives way), or sooner if it ended sooner already. */
export function ruleEndingOn(rule: string, lastDay: string): string {
  const parts = partsOf(rule);
  const until = parts.until !== null && parts.until < lastDay ? parts.until : lastDay;
  return formatRule({ ...parts, count: null, until });
}

/**
 * The rule of the series that goes on from `day`: the same, with COUNT less the dates that came
 * before (its first day counted, as RFC 5545 counts DTSTART).
 */
export function ruleFrom(rule: string, startsOn: string, day: string): string {
  const parts = partsOf(rule);
  if (parts.count === null) return rule;
  const before = datesBetween(rule, startsOn, startsOn, addCalendarDays(day, -1), RECURRENCE_COUNT_MAX);
  const counted = before[0] === startsOn ? before.length : before.length + 1;
  return formatRule({ ...parts, count: Math.max(1, parts.count - counted) });
}
