import { activitiesModule } from './activities/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { archiveModule } from './archive/index.ts';
import { authModule } from './auth/index.ts';
import { chatModule } from './chat/index.ts';
import { checklistsModule } from './checklists/index.ts';
import { commentsModule } from './comments/index.ts';
import { cyclesModule } from './cycles/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { documentsModule } from './documents/index.ts';
import { eventsModule } from './events/index.ts';
import { fieldsModule } from './fields/index.ts';
import { forecastModule } from './forecast/index.ts';
import { gatesModule } from './gates/index.ts';
import { healthModule } from './health/index.ts';
import { hierarchyModule } from './hierarchy/index.ts';
import { importsModule } from './imports/index.ts';
import { labelsModule } from './labels/index.ts';
import { lifecycleModule } from './lifecycle/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { productsModule } from './products/index.ts';
import { pushModule } from './push/index.ts';
import { realtimeModule } from './realtime/index.ts';
import { recurrenceModule } from './recurrence/index.ts';
import { reportsModule } from './reports/index.ts';
import { roadmapModule } from './roadmap/index.ts';
import { scheduleModule } from './schedule/index.ts';
import { searchModule } from './search/index.ts';
import { securityModule } from './security/index.ts';
import { servicesModule } from './services/index.ts';
import { tasksModule } from './tasks/index.ts';
import { teamsModule } from './teams/index.ts';
import { templatesModule } from './templates/index.ts';
import { timeModule } from './time/index.ts';
import { trashModule } from './trash/index.ts';
import { usersModule } from './users/index.ts';
import { viewsModule } from './views/index.ts';
import { workflowModule } from './workflow/index.ts';

/**
 * The server's modules, each a named plugin that declares the modules it uses (ARCHITECTURE §2);
 * a module comes after those it names, and Fastify refuses to boot when one is missing.
 */
export const modules = [
  healthModule,
  usersModule,
  authModule,
  activitiesModule,
  notificationsModule,
  servicesModule,
  tasksModule,
  documentsModule,
  productsModule,
  checklistsModule,
  labelsModule,
  commentsModule,
  importsModule,
  teamsModule,
  dashboardModule,
  analyticsModule,
  reportsModule,
  realtimeModule,
  eventsModule,
  securityModule,
  archiveModule,
  searchModule,
  viewsModule,
  trashModule,
  templatesModule,
  fieldsModule,
  recurrenceModule,
  workflowModule,
  hierarchyModule,
  pushModule,
  chatModule,
  timeModule,
  roadmapModule,
  lifecycleModule,
  scheduleModule,
  cyclesModule,
  gatesModule,
  forecastModule,
];
