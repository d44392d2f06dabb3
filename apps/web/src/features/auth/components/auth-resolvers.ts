import { zodResolver } from '@hookform/resolvers/zod';
import { ForcedNewPasswordSchema, ResetFormSchema, ResetRequestSchema } from '@shipyard/shared';

// The resolvers of the /auth views behind a link (forgot password, reset, forced change), in a
// chunk of their own that the forms load on first validation (lib/lazy-resolver.ts): zod stays off
// the sign-in page's first load. Login and Sign Up check with auth-validators.ts.
export const resetRequestResolver = zodResolver(ResetRequestSchema);
export const resetResolver = zodResolver(ResetFormSchema);
export const forcedNewPasswordResolver = zodResolver(ForcedNewPasswordSchema);
