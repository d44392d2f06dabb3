import { TimesheetPage } from '../../features/time/components/timesheet-page.tsx';

/** /timesheet?week=2026-W05: one's logged time, week by week (issue 31). */
export function Component() {
  return <TimesheetPage />;
}
