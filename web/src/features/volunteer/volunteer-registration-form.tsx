import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useNavigate } from '../../lib/navigation';
import { FormField } from '../../components/form-field';
import { signIn, signUpVolunteer } from '../../lib/auth-api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { RATE_LIMITED_MESSAGE } from '../../lib/messages';
import { beginSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useRulesForm } from '../../lib/use-rules-form';
import { volunteerRegistrationFormRules, type VolunteerRegistrationForm as Values } from './registration-rules';
import { REGISTRATION_TOASTS } from './volunteer-texts';

const EMPTY_FORM: Values = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', location: '' };

/** The server's field names (GraphQL, REST and the metadata paths) for the form's. */
const SERVER_FIELD_NAMES = {
  email: 'email',
  password: 'password',
  firstName: 'firstName',
  first_name: 'firstName',
  'metadata.first_name': 'firstName',
  lastName: 'lastName',
  last_name: 'lastName',
  'metadata.last_name': 'lastName',
  location: 'location',
  'metadata.location': 'location',
} as const;

/** Creates the account and its volunteer profile, signs in with the same credentials and opens
 *  the profile page to add skills, availability and a photo. */
export function VolunteerRegistrationForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRulesForm(volunteerRegistrationFormRules, EMPTY_FORM);

  const onSubmit = handleSubmit(async (values) => {
    const result = await signUpVolunteer({
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      location: values.location,
    });
    if (!result.success) {
      console.error('Registration failed:', result.error);
      applyServerFieldErrors(result.fields, setError, SERVER_FIELD_NAMES);
      if (result.code === 'EMAIL_IN_USE') {
        setError('email', { type: 'server', message: REGISTRATION_TOASTS.emailInUse });
        notifyError(REGISTRATION_TOASTS.emailInUseTitle, REGISTRATION_TOASTS.emailInUse);
      } else if (result.code === 'RATE_LIMITED') {
        notifyError(REGISTRATION_TOASTS.failedTitle, RATE_LIMITED_MESSAGE);
      } else {
        notifyError(REGISTRATION_TOASTS.failedTitle, REGISTRATION_TOASTS.failed);
      }
      return;
    }
    const signedIn = await signIn(values.email, values.password);
    if (!signedIn.success || !signedIn.data?.session) {
      console.error('Signing in after registration failed:', signedIn.error);
      notifySuccess(REGISTRATION_TOASTS.done, REGISTRATION_TOASTS.signInFailed);
      navigate('/login', { replace: true });
      return;
    }
    const { access_token, expires_at, user } = signedIn.data.session;
    beginSession({ access_token, expires_at, user });
    notifySuccess(REGISTRATION_TOASTS.done, REGISTRATION_TOASTS.doneText);
    navigate('/volunteer/profile', { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Volunteer registration">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="First Name" error={errors.firstName}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Last Name" error={errors.lastName}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </SimpleGrid>
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password} helperText="At least 8 characters with a lowercase and an uppercase letter, a number and a special character.">
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <FormField label="Location" error={errors.location} helperText="Your town or area, so clubs nearby can find you (optional).">
          <Input autoComplete="address-level2" {...register('location')} />
        </FormField>
        <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText="Signing up...">
          Sign Up as a Volunteer
        </Button>
      </Stack>
    </form>
  );
}
