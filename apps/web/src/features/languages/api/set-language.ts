import type { LanguageCode, User } from '@shipyard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT /user/me/language: the signed-in person's language, or null to follow the browser. */
function setLanguage(language: LanguageCode | null): Promise<User> {
  return api.put<User>('/user/me/language', { language });
}

export function useSetLanguage() {
  return useMutation({ mutationFn: setLanguage });
}
