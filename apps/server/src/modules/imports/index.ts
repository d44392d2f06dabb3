import { type AppModule, type ModuleContext, routesModule } from '../../lib/module.ts';
import type { ChecklistImporter } from '../checklists/index.ts';
import type { CommentImporter } from '../comments/index.ts';
import type { LabelImporter } from '../labels/index.ts';
import type { TaskImporter } from '../tasks/index.ts';
import { importsRoutes } from './imports.routes.ts';
import { createImportsService } from './imports.service.ts';

type Deps = ModuleContext & {
  tasks: TaskImporter;
  labels: LabelImporter;
  checklists: ChecklistImporter;
  comments: CommentImporter;
};

/** Task import from CSV and Trello (issue 20, docs/decisions/021-task-import.md). */
export function importsModule({ db, changes, tasks, labels, checklists, comments }: Deps): AppModule {
  const service = createImportsService({ db, changes, tasks, labels, checklists, comments });
  return routesModule(importsRoutes, { service });
}
