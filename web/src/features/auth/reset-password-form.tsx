import { Button, Input, Stack } from '@chakra-ui/react';
import { useNavigate } from '../../lib/navigation';
import { resetPasswordFormRules } from '@clubroom/rules/auth';
import { FormField } from '../../components/form-field';
import { confirmPasswordReset } from '../../lib/auth-api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useRulesForm } from '../../lib/use-rules-form';

interface ResetPasswordFormProps {
  token: string;
  onInvalidToken: () => void;
}

export function ResetPasswordForm({ token, onInvalidToken }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRulesForm(resetPasswordFormRules, { password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    const result = await confirmPasswordReset(token, password);
    if (result.success) {
      notifySuccess('Password updated', 'You can now sign in with your new password.');
      navigate('/login', { replace: true });
      return;
    }
    console.error('Password reset failed:', result.error);
    if (result.code === 'INVALID_RESET_TOKEN' || result.fields?.token) {
      onInvalidToken();
      return;
    }
    const applied = applyServerFieldErrors(result.fields, setError, { password: 'password' });
    if (applied.length === 0) notifyError('Password reset failed', result.error);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormField label="New Password" error={errors.password}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" loading={isSubmitting} loadingText="Updating...">
          Update Password
        </Button>
      </Stack>
    </form>
  );
}
