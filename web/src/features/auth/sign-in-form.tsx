import { Button, Input, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { signInFormRules } from '../../../../server/src/modules/auth/auth.rules';
import { FormField } from '../../components/form-field';
import { signIn } from '../../lib/auth-api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { RATE_LIMITED_MESSAGE } from '../../lib/messages';
import { beginSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useRulesForm } from '../../lib/use-rules-form';

export function SignInForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRulesForm(signInFormRules, { email: '', password: '' });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const result = await signIn(email, password);
    if (result.success && result.data?.session) {
      const { access_token, expires_at, user } = result.data.session;
      beginSession({ access_token, expires_at, user });
      notifySuccess('Sign in successful');
      navigate('/profile', { replace: true });
      return;
    }
    if (!result.success) {
      console.error('Sign in failed:', result.error);
      applyServerFieldErrors(result.fields, setError, { email: 'email', password: 'password' });
      if (result.code === 'INVALID_CREDENTIALS') notifyError('Sign in failed', 'Invalid email or password.');
      else if (result.code === 'RATE_LIMITED') notifyError('Sign in failed', RATE_LIMITED_MESSAGE);
      else notifyError('Sign in failed', result.error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
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
