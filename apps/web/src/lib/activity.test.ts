import { ACTIVITY_TYPES } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { actionTypeColour, actionTypeLabel, activityTitle, performerName, statusChange } from './activity.ts';

describe('activityTitle', () => {
  it('names the action types of spec §3, and any other one Activity', () => {
    expect(activityTitle('status_changed')).toBe('Status Update');
    expect(activityTitle('progress_updated')).toBe('Progress Update');
    expect(activityTitle('member_added')).toBe('Team Change');
    expect(activityTitle('task_completed')).toBe('Task Completed');
    expect(activityTitle('document_updated')).toBe('Document Updated');
    expect(activityTitle('milestone_reached')).toBe('Milestone Reached');
    expect(activityTitle('comment_added')).toBe('Comment');
    expect(activityTitle('other')).toBe('Activity');
    expect(activityTitle('something_new')).toBe('Activity');
  });

  it('names the task and team entries the spec leaves without a title', () => {
    expect(activityTitle('task_created')).toBe('Task Created');
    expect(activityTitle('task_status_updated')).toBe('Task Update');
    expect(activityTitle('team_created')).toBe('Team Change');
  });
});

describe('actionTypeLabel', () => {
  it('says every action type in plain words, never a code like "Prd" or a bare "Other"', () => {
    expect(actionTypeLabel('prd_created')).toBe('Product Created');
    expect(actionTypeLabel('other')).toBe('Note');
    expect(actionTypeLabel('task_status_updated')).toBe('Task Status Changed');
    for (const type of ACTIVITY_TYPES) {
      expect(actionTypeLabel(type)).not.toMatch(/\bPrd\b|^Other$/);
    }
  });

  it('tells an invitation from its acceptance, and gives no two action types the same label', () => {
    expect(actionTypeLabel('member_added')).toBe('Member Invited');
    expect(actionTypeLabel('team_member_added')).toBe('Invitation Accepted');
    const labels = ACTIVITY_TYPES.map(actionTypeLabel);
    expect(new Set(labels).size).toBe(ACTIVITY_TYPES.length);
  });

  it('title-cases a type this build does not know yet', () => {
    expect(actionTypeLabel('budget_changed')).toBe('Budget Changed');
  });
});

describe('actionTypeColour', () => {
  it('follows spec §4: created green, updated blue, task created purple, task status amber, else gray', () => {
    expect(actionTypeColour('product_created')).toContain('green');
    expect(actionTypeColour('prd_created')).toContain('green');
    expect(actionTypeColour('product_updated')).toContain('blue');
    expect(actionTypeColour('task_created')).toContain('purple');
    expect(actionTypeColour('task_status_updated')).toContain('amber');
    expect(actionTypeColour('comment_added')).toContain('zinc');
  });
});

describe('performerName', () => {
  it("answers the name, 'System' for nobody, 'Unknown User' for a name that is gone", () => {
    expect(
      performerName({ performedBy: 'u-1', performer: { _id: 'u-1', name: 'Ada', avatar_url: null } }),
    ).toBe('Ada');
    expect(performerName({ performedBy: null, performer: null })).toBe('System');
    expect(performerName({ performedBy: 'u-9', performer: null })).toBe('Unknown User');
  });
});

describe('statusChange', () => {
  it('reads previousStatus → newStatus from the metadata', () => {
    expect(statusChange({ previousStatus: 'planning', newStatus: 'development' })).toEqual({
      previous: 'planning',
      next: 'development',
    });
    expect(statusChange({ newStatus: 'testing' })).toEqual({ previous: undefined, next: 'testing' });
    expect(statusChange({ progress: 40 })).toBeUndefined();
  });

  it('names the workflow states of a state change (issue 29)', () => {
    expect(
      statusChange({
        previousStatus: 'In Progress',
        newStatus: 'In Progress',
        previousState: 'In Progress',
        newState: 'In review',
      }),
    ).toEqual({ previous: 'In Progress', next: 'In review' });
  });
});
