import { Button, Card, Heading, Input, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { updateMyProfileRules } from '@clubroom/rules/auth';
import { FormField } from '../../components/form-field';
import { UpdateMyProfileDocument } from './profile.generated';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { getAuthState, updateSessionUser } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { PROFILE_TEXTS } from './profile-texts';

/** The member's display name (the spec's name rule; the server sanitises it like sign-up). */
export function ProfileNameForm({ fullName }: { fullName: string }) {
  const [updateProfile] = useMutation(UpdateMyProfileDocument, { context: { silent: true } });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(updateMyProfileRules),
    mode: 'onTouched',
    criteriaMode: 'all',
    values: { fullName },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await updateProfile({ variables: { input: { fullName: values.fullName } } });
      const saved = requirePayload(data?.updateMyProfile).member?.fullName ?? values.fullName;
      // The header's user menu shows the stored session's name.
      const user = getAuthState().session?.user;
      if (user) updateSessionUser({ ...user, full_name: saved });
      reset({ fullName: saved });
      notifySuccess(PROFILE_TEXTS.saved);
    } catch (error) {
      console.error('Profile update failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, { fullName: 'fullName' });
      if (applied.length === 0) notifyError(PROFILE_TEXTS.failedTitle, PROFILE_TEXTS.failed);
    }
  });

  return (
    <Card.Root as="section" aria-labelledby="profile-details-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="profile-details-heading">
          Profile details
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label="Profile details">
          <Stack gap="4" maxW="md">
            <FormField label="Name" error={errors.fullName}>
              <Input autoComplete="name" {...register('fullName')} />
            </FormField>
            <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText="Saving..." disabled={!isDirty}>
              Save Profile
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
