import { Button, Card, Dialog, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from '../../lib/navigation';
import { deleteAccountRules } from '@clubroom/rules/account';
import { DialogFrame } from '../../components/dialog-frame';
import { FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { endSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { useRulesForm } from '../../lib/use-rules-form';
import { DeleteMyAccountDocument } from './delete-account.generated';
import { DELETE_ACCOUNT_TEXTS as T } from './delete-account-texts';

/** 'Delete account' on the profile page: what goes and what stays, then the password. */
export function DeleteAccount({ clubName }: { clubName: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root as="section" aria-labelledby="delete-account-heading" borderColor="border.error">
      <Card.Header>
        <Heading as="h2" size="lg" id="delete-account-heading">
          {T.heading}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {T.intro}
        </Text>
      </Card.Header>
      <Card.Body>
        <Button colorPalette="red" variant="outline" alignSelf="flex-start" onClick={() => setOpen(true)}>
          {T.open}
        </Button>
      </Card.Body>
      <DialogFrame open={open} onClose={() => setOpen(false)} title={T.dialogTitle} role="alertdialog">
        <DeleteAccountForm clubName={clubName} />
      </DialogFrame>
    </Card.Root>
  );
}

function DeleteAccountForm({ clubName }: { clubName: string | null }) {
  const navigate = useNavigate();
  const [deleteAccount] = useMutation(DeleteMyAccountDocument, { context: { silent: true } });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRulesForm(deleteAccountRules, { password: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { data } = await deleteAccount({ variables: { input: { password } } });
      requirePayload(data?.deleteMyAccount);
      // Leave first (a guarded page must not send the visitor to /login), then forget the session.
      await navigate('/', { flushSync: true });
      endSession('user');
      notifySuccess(T.deleted, T.deletedDescription);
    } catch (error) {
      console.error('Account deletion failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, { password: 'password' });
      notifyError(T.failed, applied.length > 0 ? errorMessageOf(error) : T.failedDescription);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={T.dialogTitle}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{T.whatGoes}</Text>
          <List.Root ps="5" gap="1">
            {T.consequences.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
            {clubName && <List.Item>{T.club(clubName)}</List.Item>}
          </List.Root>
          <Text fontWeight="semibold">{T.cannotUndo}</Text>
          <FormField label={T.passwordLabel} error={errors.password}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.submit} busyLabel={T.busy} busy={isSubmitting} colorPalette="red" />
    </form>
  );
}
