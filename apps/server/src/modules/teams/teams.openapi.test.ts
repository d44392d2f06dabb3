import { describe, expect, it } from 'vitest';
import { useTeamTests } from './teams.test-kit.ts';

// The team calls in the API document.
const { ctx } = useTeamTests();

describe('OpenAPI', () => {
  it('documents every team call under the teams tag', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>)
      .filter(([path]) => path.startsWith('/api/team'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op.tags]))
      .filter(([, tags]) => (tags as string[]).includes('teams'));
    expect(Object.fromEntries(operations)).toEqual({
      'get /api/team': ['teams'],
      'get /api/team/project/{productId}/teams': ['teams'],
      'post /api/team/{productId}/create-team': ['teams'],
      'get /api/team/{teamId}': ['teams'],
      'get /api/team/{teamId}/members.csv': ['teams'],
      'get /api/team/{teamId}/candidates': ['teams'],
      'delete /api/team/{teamId}': ['teams'],
      'patch /api/team/{teamId}/lead': ['teams'],
      'delete /api/team/{teamId}/remove/{userId}': ['teams'],
      'post /api/team/{teamId}/{projectId}/invite': ['teams'],
      'patch /api/team/{teamId}/accept': ['teams'],
    });
  });
});
