import { Button, Card, Heading, HStack, Stack } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { ClubProfileValues } from '@clubroom/rules/clubs';
import { CLUB_MESSAGES } from '@clubroom/rules/clubs-texts';
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { lazyRulesResolver } from '../../lib/lazy-rules';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useAuth } from '../../lib/use-auth';
import { PROFILE_TOASTS } from './club-dashboard-texts';
import { ProfileAboutFields } from './profile-about-fields';
import { ProfileContactFields } from './profile-contact-fields';
import { toProfileFormValues, toProfileInput, type ProfileFieldsProps, type ProfileFormValues } from './profile-form-values';
import { ProfileLocationFields } from './profile-location-fields';
import { refreshSessionUser } from './refresh-session-user';
import { useSaveClubProfile } from './use-save-club-profile';

// The server reports fields under the form's own names (the rules' fields: tests/unit/lazy-rules.test.ts).
const FIELD_NAMES = Object.fromEntries(Object.keys(toProfileFormValues(null, '')).map((name) => [name, name])) as Record<
  string,
  Path<ProfileFormValues>
>;

// The profile form is the dashboard's largest paint: its rules (and zod) load when it is first
// submitted, not before it can paint (lib/lazy-rules.ts).
const profileRules = lazyRulesResolver(() => import('@clubroom/rules/clubs').then((module) => module.clubProfileRules));

interface ClubProfileFormProps {
  club: ClubDashboard_ClubFragment | null;
  /** Called after the save that completes the profile for the first time, with the club the
   *  server saved (a first save creates it). */
  onFirstSave: (saved: ClubDashboard_ClubFragment) => void;
}

/** The 14 profile fields; the first save creates the club pending admin approval. */
export function ClubProfileForm({ club, onFirstSave }: ClubProfileFormProps) {
  const email = useAuth().session?.user.email ?? '';
  const { save } = useSaveClubProfile();
  const form = useForm<ProfileFormValues, unknown, ClubProfileValues>({
    resolver: profileRules,
    mode: 'onSubmit',
    defaultValues: toProfileFormValues(club, email),
  });
  const { handleSubmit, setError, setValue, reset, formState, register, control } = form;
  const nameLocked = !!club?.profileSaved;

  const refuseNameChange = () => {
    notifyError(CLUB_MESSAGES.clubNameLockedTitle, CLUB_MESSAGES.clubNameLocked);
    if (club) setValue('name', club.name, { shouldDirty: false, shouldValidate: false });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (club?.profileSaved && values.name !== club.name.trim()) {
      refuseNameChange();
      return;
    }
    const firstSave = !club?.profileSaved;
    try {
      const saved = await save(toProfileInput(values));
      reset(toProfileFormValues(saved, email));
      notifySuccess(PROFILE_TOASTS.saved);
      if (firstSave) {
        onFirstSave(saved);
        // The first save can make the user a club owner: the menu follows the stored user.
        void refreshSessionUser();
      }
    } catch (error) {
      console.error('Saving the club profile failed:', error);
      if (errorMessageOf(error) === CLUB_MESSAGES.clubNameLockedTitle) {
        refuseNameChange();
        return;
      }
      applyServerFieldErrors(fieldErrorsOf(error), setError, FIELD_NAMES);
      notifyError(PROFILE_TOASTS.failedTitle, PROFILE_TOASTS.failed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Club profile">
      <Stack gap="6">
        <ProfileSections register={register} control={control} nameLocked={nameLocked} />
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="teal" loading={formState.isSubmitting} loadingText="Saving...">
            Save Profile
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * The three sections, memoised: the form renders again as it mounts (react-hook-form marks itself
 * ready in a layout effect, before the first paint) and as it submits; the sections and their 14
 * fields render again only for their own errors (each reads them with `useFormState`).
 */
const ProfileSections = memo(function ProfileSections({ nameLocked, ...form }: ProfileFieldsProps & { nameLocked: boolean }) {
  return (
    <>
      <ProfileSection title="About the club">
        <ProfileAboutFields {...form} nameLocked={nameLocked} />
      </ProfileSection>
      <ProfileSection title="Contact and social">
        <ProfileContactFields {...form} />
      </ProfileSection>
      <ProfileSection title="Location">
        <ProfileLocationFields {...form} />
      </ProfileSection>
    </>
  );
});

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
