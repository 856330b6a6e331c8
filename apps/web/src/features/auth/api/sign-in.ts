import {
  AUTH_MESSAGES,
  type SignInRequest,
  signInResponseSchema,
  unverifiedErrorSchema,
} from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sessionKeys } from './session';

/**
 * Thrown when the credentials are right but the email is not verified yet
 * (docs/product.md#states-account).
 */
export class UnverifiedAccountError extends Error {
  constructor(
    message: string,
    readonly email: string,
    readonly userId: string,
  ) {
    super(message);
  }
}

export async function signIn(input: SignInRequest) {
  try {
    return await apiRequest('/auth/sign-in', {
      method: 'POST',
      body: input,
      schema: signInResponseSchema,
      fallback: AUTH_MESSAGES.signInUnexpected,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
      const unverified = unverifiedErrorSchema.safeParse(error.body);
      if (unverified.success) {
        throw new UnverifiedAccountError(
          unverified.data.message,
          unverified.data.email,
          unverified.data.userId,
        );
      }
    }
    throw error;
  }
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // With two-factor sign-in there is no session until the second step (decision 0122).
    onSuccess: (result) => {
      if ('user' in result) queryClient.setQueryData(sessionKeys.current, { user: result.user });
    },
  });
}
