// Which tables the workspace archive carries, in the order a restore inserts them (every table
// after the tables its foreign keys point to), and which it leaves out and why
// (docs/decisions/020-workspace-archive.md). archive.tables.test.ts fails when a table of the
// public schema is in neither list: a new table is exported or excluded on purpose, never forgotten.

export const ARCHIVE_TABLES = [
  'users',
  'instance_settings',
  'two_factors',
  'recovery_codes',
  'calendar_feeds',
  'notification_settings',
  'notification_digest_items',
  'products',
  // A product's workflow states (issue 29): restored as they were, instead of the three a new
  // product gets (the products trigger skips them during a restore), before the tasks in them.
  'workflow_states',
  // A product's custom fields (issue 29): their values are in tasks.fields, by field id.
  'custom_fields',
  'product_key_history',
  // The roadmap's planned days per product and stage (issue 31, decision 056).
  'product_stage_plans',
  // Cycles (issue 31, decision 058) and a product's roll-over setting; their tasks and scope events after the tasks.
  'cycles',
  'product_cycle_settings',
  // Stage gates (issue 32, decision 059): the workspace's default exit criteria, a product's own,
  // and the confirmations and approvals of its current stay in a stage.
  'workspace_stage_gates',
  'product_stage_gates',
  'product_gate_marks',
  'teams',
  'team_members',
  // Recurring tasks (issue 29): the series before the tasks that carry it, their days after.
  'task_series',
  'tasks',
  'task_key_history',
  'task_occurrences',
  'labels',
  'task_labels',
  // Issue 29: how tasks relate (blocks, relates to, duplicate of).
  'task_relations',
  'task_comments',
  'comment_mentions',
  'task_watchers',
  'task_checklist_items',
  // Time logged on tasks (issue 31, decision 055), a running timer with it.
  'time_entries',
  'cycle_tasks',
  'cycle_scope_events',
  'task_reminders',
  // Saved views and their pins (issue 28): personal ones, and those shared with a product.
  'saved_views',
  'saved_view_pins',
  // Templates (issue 29): a product's task templates, the workspace's product templates.
  'task_templates',
  'product_templates',
  'documents',
  'activities',
  'events',
  // One date of a repeating event changed or deleted on its own (issue 29, decision 042).
  'event_exceptions',
  'services',
  'service_products',
  'notifications',
  'audit_log',
] as const;
export type ArchiveTable = (typeof ARCHIVE_TABLES)[number];

export const NOT_EXPORTED: Record<string, string> = {
  sessions:
    'live sign-ins of this instance: everyone signs in again on the restored one (their password hash is exported)',
  auth_tokens:
    'single-use links and two-factor challenges in flight (verification, reset, second sign-in step): short-lived, asked again',
  oidc_logins: 'Google/SSO sign-ins in flight: they expire within minutes',
  api_tokens:
    'credentials of scripts against this instance: their owners create new ones on the restored instance',
  upload_reservations:
    'quota room held by uploads in flight on this instance (issue 27 #7): each ends with its upload or expires',
  rate_limit_counters:
    'the rate limiter’s counts of this instance (issue 27 #10): windows of a minute to an hour, and a restart forgets them too',
  task_list_versions:
    'when each product’s task counts last changed (decision 041): per instance; the restored rows write them anew',
  webhook_deliveries:
    'the outbox of webhook POSTs: replaying it would send old events again; the services themselves are exported',
  push_subscriptions:
    'browsers that turned web push on (decision 050): each push service endpoint belongs to this instance’s VAPID key; people turn push on again',
  push_settings:
    'quiet hours of web push (decision 050): kept with the devices they govern, set again with them',
  push_vapid_keys:
    'this instance’s VAPID key pair (decision 050), its private half encrypted with this instance’s secret: the restored one makes its own',
  chat_destinations:
    'chat webhook URLs (decision 051), encrypted with this instance’s secret like the services’ signing secrets: added again on the restored one',
  chat_due_notices:
    'which due-soon chat messages were sent (decision 051): a per-instance record of deliveries',
};

/**
 * Columns a restore does not take from the archive: a trigger computes them as the rows that
 * feed it are inserted (tasks' checklist counters follow task_checklist_items, migration 0010).
 */
export const RECOMPUTED_ON_RESTORE: Partial<Record<ArchiveTable, Record<string, string>>> = {
  tasks: {
    checklist_total: '0',
    checklist_done: '0',
    // Sub-task counters (issue 29, migration 0031): the sub-tasks restored before their parent
    // (an earlier page of rows) counted here, those restored with it or after by the trigger. The
    // parent key is checked at commit (deferred), so a sub-task may come before its parent.
    subtask_total:
      '(SELECT count(*)::int FROM public.tasks c WHERE c.parent_id = r.id AND c.deleted_at IS NULL)',
    subtask_done:
      "(SELECT count(*)::int FROM public.tasks c WHERE c.parent_id = r.id AND c.deleted_at IS NULL AND c.status = 'Completed')",
  },
};

/** The storage areas whose files the archive carries (every file in them). */
export const ARCHIVE_FILE_AREAS = ['documents', 'avatars'] as const;
