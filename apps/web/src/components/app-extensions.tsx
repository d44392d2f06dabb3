import type { CreateTask, Product, Role, Task, TaskPriority } from '@shipyard/shared';
import { createContext, type ReactNode, useContext } from 'react';
import type { RowAction } from './row-actions-menu.tsx';

// What one feature adds to another's screens without either importing the other (issue 29):
// the app composes them (app/layouts/app-shell.tsx). Templates add "Duplicate" and "Save as
// template" to the task and product menus and "Use a template" to the create dialog.

type Viewer = { id: string; role: Role };

/** A template picked in the create dialog: what it fills in, and how the task is then created. */
export type PickedTemplate = {
  id: string;
  name: string;
  values: { title: string; description: string; priority: TaskPriority; teamId: string; dueDate: string };
  /** The labels it puts on the task, by name. */
  labelNames: string[];
  /** Creates the task from the dialog's fields and labels (names), with the template's other parts. */
  create: (body: CreateTask, labelNames: string[]) => Promise<Task>;
};

export type TemplatePickerProps = {
  productId: string;
  picked: PickedTemplate | null;
  onPick: (template: PickedTemplate | null) => void;
};

export type AppExtensions = {
  /** More items of a task's actions menu. */
  taskActions?: (task: Task, viewer: Viewer) => RowAction[];
  /** More items of a product's actions menu (for whoever manages it). */
  productActions?: (product: Product, viewer: Viewer) => RowAction[];
  /** A chip in the create-task dialog that fills it from a template. */
  templatePicker?: (props: TemplatePickerProps) => ReactNode;
};

const AppExtensionsContext = createContext<AppExtensions>({});

export const AppExtensionsProvider = AppExtensionsContext.Provider;

/** The extensions the app composed; none outside the app shell (tests, the sign-in pages). */
export const useAppExtensions = () => useContext(AppExtensionsContext);
