import { Alert, Box, Button, chakra, Fieldset, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  AVAILABILITY_OPTIONS,
  VOLUNTEER_BIO_MAX,
  volunteerProfileRules,
} from '@clubroom/rules/volunteers';
import { FormField } from '../../components/form-field';
import type { MyVolunteerProfileQuery } from '../../gql/graphql';
import { fieldMessages } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { fieldErrorsOf, UserErrors } from '../../lib/user-errors';
import { SkillsInput } from '../../components/skills-input';
import { refreshSessionUser } from '../club-dashboard/refresh-session-user';
import { formFieldOf, toProfileFormValues, toProfileInput } from './profile-form-values';
import { useSaveVolunteerProfile } from './use-save-volunteer-profile';
import { counterText } from './volunteer-format';
import { PROFILE_TOASTS } from './volunteer-texts';

type Me = NonNullable<MyVolunteerProfileQuery['me']>;

/** Names, email, location, skills, availability and bio; 'Save Profile' creates or updates it. */
export function VolunteerProfileForm({ me }: { me: Me }) {
  const save = useSaveVolunteerProfile();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(volunteerProfileRules),
    mode: 'onSubmit',
    defaultValues: toProfileFormValues(me),
  });
  const bioLength = (watch('bio') ?? '').trim().length;

  const onSubmit = handleSubmit(async (values) => {
    const firstSave = !me.volunteerProfile;
    try {
      const profile = await save(toProfileInput(values));
      reset(toProfileFormValues({ ...me, volunteerProfile: profile }));
      notifySuccess(PROFILE_TOASTS.saved);
      // The menu follows the stored user: 'Create Volunteer Profile' goes once one exists.
      if (firstSave) void refreshSessionUser();
    } catch (error) {
      console.error('Saving the volunteer profile failed:', error);
      const fields = fieldErrorsOf(error) ?? {};
      for (const [field, message] of Object.entries(fields)) {
        const name = formFieldOf(field);
        if (name) setError(name, { type: 'server', message });
      }
      // A refusal of the whole input (a club account) is said in the server's words.
      const whole = UserErrors.is(error) ? error.errors.find((item) => !item.field)?.message : undefined;
      if (whole) setError('root', { type: 'server', message: whole });
      notifyError(PROFILE_TOASTS.failedTitle, whole ?? PROFILE_TOASTS.failed);
    }
  });

  const availabilityMessages = fieldMessages(errors.availability as Parameters<typeof fieldMessages>[0]);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Volunteer profile">
      <Stack gap="5">
        {errors.root?.message && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errors.root.message}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="First Name" error={errors.firstName}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Last Name" error={errors.lastName}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
          <FormField label="Email" error={errors.email} helperText="Only you and the platform administrators see it.">
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <FormField label="Location" error={errors.location} helperText="Your town or area.">
            <Input autoComplete="address-level2" {...register('location')} />
          </FormField>
        </SimpleGrid>
        <Controller
          control={control}
          name="skills"
          render={({ field, fieldState }) => (
            <SkillsInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error} />
          )}
        />
        <Fieldset.Root invalid={availabilityMessages.length > 0}>
          <Fieldset.Legend>Availability</Fieldset.Legend>
          <Fieldset.HelperText>When you can usually help.</Fieldset.HelperText>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" mt="2">
            {AVAILABILITY_OPTIONS.map((option) => (
              <HStack as="label" key={option} gap="2" cursor="pointer">
                <chakra.input type="checkbox" value={option} boxSize="4" accentColor="teal.solid" {...register('availability')} />
                <Text>{option}</Text>
              </HStack>
            ))}
          </SimpleGrid>
          <Fieldset.ErrorText>{availabilityMessages.join(' ')}</Fieldset.ErrorText>
        </Fieldset.Root>
        <FormField label="Bio" error={errors.bio} helperText="A few words about you, your sport and how you would like to help.">
          <Textarea rows={5} {...register('bio')} />
        </FormField>
        <Box textStyle="sm" color={bioLength > VOLUNTEER_BIO_MAX ? 'fg.error' : 'fg.muted'} mt="-3">
          {counterText(bioLength, VOLUNTEER_BIO_MAX)} characters
        </Box>
        <HStack justifyContent="flex-end">
          <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText="Saving...">
            Save Profile
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
