import type { ReportType } from '@shipyard/shared';
import { k, t } from '../../../lib/i18n/index.ts';

// Issue 33: the words a report carries from the server (titles, series, columns, figures, and the
// values of a few columns that are words, not data: a status, an outcome, Yes or No), marked to be
// translated on screen. The CSV keeps them in English. A name from the data is never translated:
// only these words, and only where the column or the category is one of the words' own.

const REPORT_WORDS = new Set<string>([
  // Summary figures.
  k('Milestones'),
  k('Met'),
  k('Missed'),
  k('Upcoming'),
  k('On-time rate'),
  k('Average days late'),
  k('Most days late'),
  k('Products'),
  k('Average progress'),
  k('Open tasks'),
  k('Overdue tasks'),
  k('Tasks completed in period'),
  k('Products past target'),
  k('Teams'),
  k('Active people'),
  k('Unassigned open tasks'),
  k('Open tasks per person'),
  k('Most open tasks per person (team)'),
  k('Tasks completed'),
  k('Completed per week'),
  k('People who completed tasks'),
  k('Teams that completed tasks'),
  k('Most completed (team)'),
  k('Most completed (person)'),
  // Columns.
  k('Product'),
  k('Status'),
  k('Priority'),
  k('Progress'),
  k('Tasks'),
  k('Completed tasks'),
  k('Completed in period'),
  k('Target end date'),
  k('Past target'),
  k('Last task completed'),
  k('Outcome'),
  k('Days late'),
  k('Scope'),
  k('Name'),
  k('Email'),
  // Charts.
  k('Milestones by outcome'),
  k('Days late by product'),
  k('Products by status'),
  k('Tasks by product status'),
  k('Product status'),
  k('Completed'),
  // 'Open' (open tasks) is left out: the key 'Open' is the verb elsewhere (the Trash card's button),
  // and a key has one translation; it reads in English until the texts can carry a context.
  k('Overdue'),
  k('Open tasks by product'),
  k('Assigned'),
  k('Unassigned'),
  k('Open tasks per person by team'),
  k('Team'),
  k('Tasks completed per week'),
  k('Week of'),
  k('Completed and open tasks by team'),
  k('Completed and open tasks by person'),
  k('Person'),
  // Values that are words.
  k('Yes'),
  k('No'),
  k('No team'),
  k('Planning'),
  k('Development'),
  k('Testing'),
  k('Production'),
  k('Maintenance'),
  k('Low'),
  k('Medium'),
  k('High'),
]);

/** A report's word in the reader's language; anything else (a name from the data) as it is. */
export const reportWord = (text: string): string => (REPORT_WORDS.has(text) ? t(text) : text);

/** The columns and chart categories whose values are words of the report, not names. */
export const WORD_VALUED = new Set(['status', 'priority', 'pastTarget', 'scope', 'outcome', 'name']);

/** REPORT_TYPE_LABELS' texts (the same English), marked to be translated where shown. */
export const reportTypeLabels: Record<ReportType, string> = {
  'project-status': k('Project Status'),
  'team-productivity': k('Team Productivity'),
  'milestone-analysis': k('Milestone Analysis'),
  'resource-allocation': k('Resource Allocation'),
};

/** REPORT_TYPE_DESCRIPTIONS' texts (the same English). */
export const reportTypeDescriptions: Record<ReportType, string> = {
  'project-status': k(
    'Every product as it stands: status, progress, open and overdue tasks and target date. The period counts the tasks completed in it.',
  ),
  'team-productivity': k(
    'Tasks completed in the period per team, person and week, with the tasks each has open now.',
  ),
  'milestone-analysis': k(
    'Products whose target date falls in the period, and earlier targets that were missed: met, missed or upcoming.',
  ),
  'resource-allocation': k(
    'Active people and open tasks per product and team as they stand now; the period does not change it.',
  ),
};
