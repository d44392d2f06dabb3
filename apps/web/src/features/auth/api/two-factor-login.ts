import type { TwoFactorSetup, User } from '@shipyard/shared';
import { api } from '../../../lib/api-client.ts';

// Login's second step (decision 013), loaded only when the server asks for it.

type Signed = { token: string; user: User };

/** A 401 here means the challenge lapsed, not that a session ended. */
const quiet = { expectUnauthorized: true };

export const loginWithCode = (challenge_token: string, code: string) =>
  api.post<Signed>('/auth/login/two-factor', { challenge_token, code }, quiet);

export const startLoginEnrolment = (challenge_token: string) =>
  api.post<TwoFactorSetup>('/auth/login/two-factor/setup', { challenge_token }, quiet);

export const finishLoginEnrolment = (challenge_token: string, code: string) =>
  api.post<Signed & { recovery_codes: string[] }>(
    '/auth/login/two-factor/enable',
    { challenge_token, code },
    quiet,
  );
