import type {
  CreateProduct,
  CreateTaskTemplateInput,
  Product,
  ProductTemplate,
  ProductTemplateList,
  SaveProductAsTemplateInput,
  Task,
  TaskTemplate,
  TaskTemplateList,
  UpdateTaskTemplate,
  UseTaskTemplate,
} from '@shipyard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots, sharedKeys } from '../../../lib/query-keys.ts';
import { templateKeys } from './keys.ts';

const id = encodeURIComponent;

const taskTemplatesQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: templateKeys.ofProduct(productId),
    queryFn: ({ signal }) =>
      api.get<TaskTemplateList>(`/projects/${id(productId)}/task-templates`, { signal }),
  });

/** GET /projects/{id}/task-templates. */
export const useTaskTemplates = (productId: string | undefined, enabled = true) =>
  useQuery({ ...taskTemplatesQueryOptions(productId ?? ''), enabled: Boolean(productId) && enabled });

/** GET /product-templates. */
export const useProductTemplates = () =>
  useQuery({
    queryKey: templateKeys.products,
    queryFn: ({ signal }) => api.get<ProductTemplateList>('/product-templates', { signal }),
  });

/** What a new or changed task makes stale: every task list, and the product's history. */
const refreshTasks = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.taskLists }),
    queryClient.invalidateQueries({ queryKey: queryRoots.products }),
  ]);

/** A product's task templates: create, change, delete; and save a task as one. */
export function useTaskTemplateWrites(productId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.ofProduct(productId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateTaskTemplateInput) =>
        api.post<TaskTemplate>(`/projects/${id(productId)}/task-templates`, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ templateId, ...patch }: UpdateTaskTemplate & { templateId: string }) =>
        api.patch<TaskTemplate>(`/task-templates/${id(templateId)}`, patch),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (templateId: string) => api.delete<null>(`/task-templates/${id(templateId)}`),
      onSuccess: refresh,
    }),
  };
}

/** POST /tasks/{id}/task-template. */
export function useSaveTaskAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, name }: { task: Pick<Task, 'id' | 'projectId'>; name: string }) =>
      api.post<TaskTemplate>(`/tasks/${id(task.id)}/task-template`, { name }),
    onSuccess: (template) =>
      queryClient.invalidateQueries({ queryKey: templateKeys.ofProduct(template.productId) }),
  });
}

/** POST /task-templates/{id}/tasks: a task from a template, its labels and checklist with it. */
export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId: string; body: UseTaskTemplate }) =>
      api.post<Task>(`/task-templates/${id(templateId)}/tasks`, body),
    onSuccess: () => refreshTasks(queryClient),
  });
}

/** POST /tasks/{id}/duplicate (with its sub-tree when asked), and its Undo (the copy, and its tree, to the trash). */
export function useDuplicateTask() {
  const queryClient = useQueryClient();
  return {
    duplicate: useMutation({
      mutationFn: ({ taskId, withSubtasks }: { taskId: string; withSubtasks?: boolean }) =>
        api.post<Task>(`/tasks/${id(taskId)}/duplicate`, withSubtasks ? { withSubtasks } : undefined),
      onSuccess: () => refreshTasks(queryClient),
    }),
    // The copied sub-tree goes to the trash with the copy, and comes back with it (decision 048).
    undo: useMutation({
      mutationFn: ({ taskId, withSubtasks }: { taskId: string; withSubtasks?: boolean }) =>
        api.delete<{ message: string }>(`/tasks/${id(taskId)}${withSubtasks ? '?withSubtasks=true' : ''}`),
      onSuccess: () => refreshTasks(queryClient),
    }),
  };
}

/** Product templates: save a product as one, delete one, make a product from one. */
export function useProductTemplateWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.products });
  return {
    save: useMutation({
      mutationFn: ({ productId, ...body }: SaveProductAsTemplateInput & { productId: string }) =>
        api.post<ProductTemplate>(`/projects/${id(productId)}/product-template`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (templateId: string) => api.delete<null>(`/product-templates/${id(templateId)}`),
      onSuccess: refresh,
    }),
    use: useMutation({
      mutationFn: ({ templateId, body }: { templateId: string; body: CreateProduct }) =>
        api.post<Product>(`/product-templates/${id(templateId)}/products`, body),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.products }),
    }),
  };
}
