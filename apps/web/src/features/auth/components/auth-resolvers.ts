import { zodResolver } from '@hookform/resolvers/zod';
import {
  ForcedNewPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetFormSchema,
  ResetRequestSchema,
} from '@shipyard/shared';

// The /auth forms' resolvers, in a chunk of their own that the forms load on first validation
// (lib/lazy-resolver.ts): zod stays off the sign-in page's first load.
export const loginResolver = zodResolver(LoginSchema);
export const registerResolver = zodResolver(RegisterSchema);
export const resetRequestResolver = zodResolver(ResetRequestSchema);
export const resetResolver = zodResolver(ResetFormSchema);
export const forcedNewPasswordResolver = zodResolver(ForcedNewPasswordSchema);
