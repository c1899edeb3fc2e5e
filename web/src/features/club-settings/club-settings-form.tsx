import { Button, Card, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import {
  CLUB_SETTINGS_MESSAGES,
  clubSettingsRules,
  type ClubSettingsInput,
} from '@clubroom/rules/volunteers';
import { FormField } from '../../components/form-field';
import type { ClubSettings_ClubFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { NOTIFY_APPLICATIONS_LABEL, NOTIFY_WITHDRAWALS_LABEL, SETTINGS_TOASTS } from './club-settings-texts';
import { useUpdateClubSettings } from './use-update-club-settings';

const FIELD_NAMES = Object.fromEntries(Object.keys(clubSettingsRules.shape).map((name) => [name, name])) as Record<string, Path<ClubSettingsInput>>;

function valuesOf(club: ClubSettings_ClubFragment, ownerName: string): ClubSettingsInput {
  return {
    contactEmail: club.contactEmail ?? '',
    ownerName,
    notifyApplicationsByEmail: club.notifyApplicationsByEmail ?? true,
    notifyWithdrawalsByEmail: club.notifyWithdrawalsByEmail ?? true,
  };
}

/** Contact email, owner's name and the two email switches, saved together. */
export function ClubSettingsForm({ club, ownerName }: { club: ClubSettings_ClubFragment; ownerName: string }) {
  const save = useUpdateClubSettings();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(clubSettingsRules), mode: 'onSubmit', defaultValues: valuesOf(club, ownerName) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      reset(valuesOf(saved.club, saved.ownerName ?? values.ownerName));
      notifySuccess(CLUB_SETTINGS_MESSAGES.saved);
    } catch (error) {
      console.error('Saving the club settings failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, FIELD_NAMES);
      notifyError(SETTINGS_TOASTS.failedTitle, errorMessageOf(error) ?? SETTINGS_TOASTS.failed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Club settings">
      <Stack gap="6">
        <SettingsSection title="Account" description="Where volunteers and the platform reach your club, and who runs it.">
          <FormField label="Contact Email" error={errors.contactEmail}>
            <Input type="email" autoComplete="email" {...register('contactEmail')} />
          </FormField>
          <FormField label="Owner's Name" error={errors.ownerName} helperText="Your own name, as the club's account holder.">
            <Input autoComplete="name" {...register('ownerName')} />
          </FormField>
        </SettingsSection>
        <SettingsSection title="Email notifications" description="You are always notified in Clubroom; these choose what is emailed as well.">
          <NotifySwitch control={control} name="notifyApplicationsByEmail" label={NOTIFY_APPLICATIONS_LABEL} />
          <NotifySwitch control={control} name="notifyWithdrawalsByEmail" label={NOTIFY_WITHDRAWALS_LABEL} />
        </SettingsSection>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText="Saving..." disabled={!isDirty}>
            Save Settings
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function NotifySwitch({
  control,
  name,
  label,
}: {
  control: ReturnType<typeof useForm<ClubSettingsInput>>['control'];
  name: 'notifyApplicationsByEmail' | 'notifyWithdrawalsByEmail';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch.Root checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)} colorPalette="teal">
          <Switch.HiddenInput onBlur={field.onBlur} />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
      )}
    />
  );
}

function SettingsSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
