import { Button, CloseButton, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetRequestFormRules } from '@clubroom/rules/auth';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import { requestPasswordReset } from '../../lib/auth-api';
import { notifyError, notifySuccess } from '../../lib/toaster';

/** 'Forgot password?' and its 'Reset Password' dialog. */
export function ResetRequestDialog() {
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetRequestFormRules),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await requestPasswordReset(email);
    if (result.success) {
      notifySuccess('Password reset email sent', 'Check your email for the password reset link.');
      setOpen(false);
      reset();
    } else {
      console.error('Password reset request failed:', result.error);
      notifyError('Password reset failed', result.error);
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button variant="plain" size="sm" px="0" colorPalette="teal">
          Forgot password?
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Reset Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted">Enter your email address and we will send you a link to reset your password.</Text>
                  <FormField label="Email" error={errors.email}>
                    <Input type="email" autoComplete="email" {...register('email')} />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <FormDialogFooter submitLabel="Send Reset Link" busyLabel="Sending..." busy={isSubmitting} />
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
