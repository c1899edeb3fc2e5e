import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { changePasswordFormRules, type ChangePasswordForm as ChangePasswordValues } from '@clubroom/rules/auth';
import { FormField } from '../../components/form-field';
import { ChangePasswordDocument } from './profile.generated';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useRulesForm } from '../../lib/use-rules-form';
import { PROFILE_TEXTS } from './profile-texts';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A new password: the current one is required; on success the other sessions are signed out
 *  by the server and this one stays. */
export function ChangePasswordForm() {
  const [changePassword] = useMutation(ChangePasswordDocument, { context: { silent: true } });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useRulesForm(changePasswordFormRules, EMPTY);

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { data } = await changePassword({ variables: { input: { currentPassword, newPassword } } });
      requirePayload(data?.changePassword);
      reset(EMPTY);
      notifySuccess(PROFILE_TEXTS.passwordChanged, PROFILE_TEXTS.passwordChangedDescription);
    } catch (error) {
      console.error('Password change failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, {
        currentPassword: 'currentPassword',
        newPassword: 'newPassword',
      });
      notifyError(PROFILE_TEXTS.passwordFailedTitle, applied.length > 0 ? errorMessageOf(error) : PROFILE_TEXTS.failed);
    }
  });

  return (
    <Card.Root as="section" aria-labelledby="change-password-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="change-password-heading">
          Change Password
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          Your other devices are signed out when the password changes.
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label="Change password">
          <Stack gap="4" maxW="md">
            <FormField label="Current Password" error={errors.currentPassword}>
              <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
            </FormField>
            <FormField label="New Password" error={errors.newPassword}>
              <Input type="password" autoComplete="new-password" {...register('newPassword')} />
            </FormField>
            <FormField label="Confirm New Password" error={errors.confirmPassword}>
              <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
            </FormField>
            <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText="Changing...">
              Change Password
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
