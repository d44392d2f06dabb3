import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { serviceChanges } from './changes.ts';
import { serviceKeys } from './keys.ts';

const caches = {
  services: serviceKeys.list({ search: '', category: undefined }),
  deliveries: serviceKeys.deliveries('s-1'),
};

describe('what a server change means for services', () => {
  itTouchesOnEveryKind(serviceChanges, caches, { service: ['services', 'deliveries'] });
});
