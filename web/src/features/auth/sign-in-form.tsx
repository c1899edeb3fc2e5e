import { Alert, Button, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useNavigate } from '../../lib/navigation';
import { returnPath } from '../../lib/return-to';
import { signInFormRules } from '@clubroom/rules/auth';
import { FormField } from '../../components/form-field';
import { signIn } from '../../lib/auth-api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { RATE_LIMITED_MESSAGE } from '../../lib/messages';
import { beginSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useRulesForm } from '../../lib/use-rules-form';

/** The REST sign-in's code for a suspended or banned account (UserErrorCode ACCOUNT_SUSPENDED). */
const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';

export function SignInForm() {
  const navigate = useNavigate();
  // Back to the page that asked the member to sign in (a club's Follow, a session's answer).
  const back = returnPath(useLocation().search);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRulesForm(signInFormRules, { email: '', password: '' });
  // A suspended or banned account: the server's message says why (and until when); it stays on
  // the page rather than in a toast that goes away.
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setRefusal(null);
    const result = await signIn(email, password);
    if (result.success && result.data?.session) {
      const { access_token, expires_at, user } = result.data.session;
      beginSession({ access_token, expires_at, user });
      notifySuccess('Sign in successful');
      navigate(back, { replace: true });
      return;
    }
    if (!result.success) {
      console.error('Sign in failed:', result.error);
      applyServerFieldErrors(result.fields, setError, { email: 'email', password: 'password' });
      if (result.code === ACCOUNT_SUSPENDED_CODE) setRefusal(result.error);
      else if (result.code === 'INVALID_CREDENTIALS') notifyError('Sign in failed', 'Invalid email or password.');
      else if (result.code === 'RATE_LIMITED') notifyError('Sign in failed', RATE_LIMITED_MESSAGE);
      else notifyError('Sign in failed', result.error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You cannot sign in</Alert.Title>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <Button type="submit" loading={isSubmitting} loadingText="Signing in...">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
