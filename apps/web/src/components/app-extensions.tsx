import type {
  CreateTask,
  FieldValue,
  Product,
  Role,
  SetFieldValues,
  Task,
  TaskPriority,
} from '@shipyard/shared';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { RowAction } from './row-actions-menu.tsx';

// What one feature adds to another's screens without either importing the other (issue 29):
// the app composes them (app/layouts/app-shell.tsx). Templates add "Duplicate" and "Save as
// template" to the task and product menus and "Use a template" to the create dialog; custom fields
// add the product's fields to the create dialog, and hierarchy its "Sub-task of" chip.

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

export type TaskCreateFieldsProps = {
  productId: string;
  /** The values chosen so far, by field id. */
  values: SetFieldValues;
  /** null clears the field's value. */
  onChange: (fieldId: string, value: FieldValue | null) => void;
  /** The server's refusal of a value (the field's own message), by field id. */
  errors: Readonly<Record<string, string | undefined>>;
  disabled?: boolean;
};

/** A task a new task may be a sub-task of. */
export type ParentTask = { id: string; key: string; title: string };

export type ParentPickerProps = {
  productId: string;
  value: ParentTask | null;
  onChange: (parent: ParentTask | null) => void;
  /** The server's refusal of the parent. */
  error?: string | undefined;
};

export type AppExtensions = {
  /** More items of a task's actions menu. */
  taskActions?: (task: Task, viewer: Viewer) => RowAction[];
  /** More items of a product's actions menu (for whoever manages it). */
  productActions?: (product: Product, viewer: Viewer) => RowAction[];
  /** A chip in the create-task dialog that fills it from a template. */
  templatePicker?: (props: TemplatePickerProps) => ReactNode;
  /** The product's custom fields in the create-task dialog, set before the task exists. */
  taskCreateFields?: (props: TaskCreateFieldsProps) => ReactNode;
  /** A chip in the create-task dialog that makes the task a sub-task of another of its product. */
  parentPicker?: (props: ParentPickerProps) => ReactNode;
};

const AppExtensionsContext = createContext<AppExtensions>({});

/** Adds `value`'s extensions to those of the providers around it. */
export function AppExtensionsProvider({ value, children }: { value: AppExtensions; children: ReactNode }) {
  const outer = useContext(AppExtensionsContext);
  const merged = useMemo(() => ({ ...outer, ...value }), [outer, value]);
  return <AppExtensionsContext value={merged}>{children}</AppExtensionsContext>;
}

/** The extensions the app composed; none outside the app shell (tests, the sign-in pages). */
export const useAppExtensions = () => useContext(AppExtensionsContext);
