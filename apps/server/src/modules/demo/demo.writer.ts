import type { Db } from '../../db/client.ts';
import type { activities, notifications } from '../../db/schema/index.ts';
import type { PersonKey } from './demo.data.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type DemoPerson = { id: string; username: string | null; name: string };

/**
 * What every part of the demo seed writes with: the transaction, the clock's now, the people by
 * key, and the activity entries, notifications and watchers collected for one insert each at the end.
 */
export type DemoWriter = {
  tx: Db;
  now: Date;
  /** An instant `days` days before now, `hours` earlier still (never after now). */
  ago: (days: number, hours?: number) => Date;
  /** A calendar day `offset` days from today (UTC), as PostgreSQL's date text. */
  day: (offset: number) => string;
  person: (key: PersonKey) => DemoPerson;
  log: (typeof activities.$inferInsert)[];
  notes: (typeof notifications.$inferInsert)[];
  watchers: { taskId: string; userId: string }[];
};

/** `people` may be filled after this call: `person` looks them up when called. */
export function demoWriter(tx: Db, now: Date, people: DemoPerson[]): DemoWriter {
  return {
    tx,
    now,
    ago: (days, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR),
    day: (offset) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10),
    person: (key) => {
      const found = people.find((p) => p.username === key);
      if (!found) throw new Error(`demo seed: no person ${key}`);
      return found;
    },
    log: [],
    notes: [],
    watchers: [],
  };
}

export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
