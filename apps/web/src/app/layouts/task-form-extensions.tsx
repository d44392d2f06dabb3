import type { AppExtensions } from '../../components/app-extensions.tsx';
import { TaskCreateFields } from '../../features/fields/components/task-create-fields.tsx';
import { ParentChip } from '../../features/hierarchy/components/parent-chip.tsx';

/** What custom fields and hierarchy add to the create-task dialog (issue 29). */
export const taskFormExtensions: AppExtensions = {
  taskCreateFields: (props) => <TaskCreateFields {...props} />,
  parentPicker: (props) => <ParentChip {...props} />,
};
