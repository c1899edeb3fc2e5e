import { Button, Input, Stack } from '@chakra-ui/react';
import {
  CAPTCHA_WRONG,
  clubRegistrationFormRules,
  type ClubRegistrationForm as ClubRegistrationValues,
} from '@clubroom/rules/auth';
import { FormField } from '../../components/form-field';
import { signUp } from '../../lib/auth-api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { RATE_LIMITED_MESSAGE } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useRulesForm } from '../../lib/use-rules-form';
import { CaptchaField } from './captcha-field';
import { useCaptcha } from './use-captcha';

const EMPTY_FORM: ClubRegistrationValues = {
  name: '',
  email: '',
  clubName: '',
  password: '',
  confirmPassword: '',
  captcha: '',
};

const SERVER_FIELD_NAMES = {
  email: 'email',
  password: 'password',
  name: 'name',
  fullName: 'name',
  full_name: 'name',
  'metadata.full_name': 'name',
  clubName: 'clubName',
  club_name: 'clubName',
  'metadata.club_name': 'clubName',
} as const;

const EMAIL_IN_USE_MESSAGE = 'This email address has already been used with a sports club.';

export function ClubRegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const captcha = useCaptcha();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useRulesForm(clubRegistrationFormRules, EMPTY_FORM);

  const refreshCaptcha = () => {
    captcha.refresh();
    setValue('captcha', '');
    clearErrors('captcha');
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!captcha.isCorrect(values.captcha)) {
      captcha.refresh();
      setValue('captcha', '');
      setError('captcha', { type: 'captcha', message: CAPTCHA_WRONG });
      notifyError('Invalid captcha', CAPTCHA_WRONG);
      return;
    }
    const result = await signUp({
      email: values.email,
      password: values.password,
      fullName: values.name,
      clubName: values.clubName,
    });
    if (result.success) {
      notifySuccess('Registration successful', 'Your account has been created and is pending approval.');
      onRegistered();
      return;
    }
    console.error('Registration failed:', result.error);
    applyServerFieldErrors(result.fields, setError, SERVER_FIELD_NAMES);
    if (result.code === 'EMAIL_IN_USE') {
      setError('email', { type: 'server', message: EMAIL_IN_USE_MESSAGE });
      notifyError('Email already in use', EMAIL_IN_USE_MESSAGE);
    } else if (result.code === 'RATE_LIMITED') {
      notifyError('Registration failed', RATE_LIMITED_MESSAGE);
    } else {
      notifyError('Registration failed', 'There was a problem with your registration.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormField label="Name" error={errors.name}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Club Name" error={errors.clubName}>
          <Input autoComplete="organization" {...register('clubName')} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <CaptchaField
          a={captcha.a}
          b={captcha.b}
          error={errors.captcha}
          registration={register('captcha')}
          onRefresh={refreshCaptcha}
        />
        <Button type="submit" loading={isSubmitting} loadingText="Registering...">
          Register
        </Button>
      </Stack>
    </form>
  );
}
