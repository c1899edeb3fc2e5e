import { Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthPageShell } from './auth-page-shell';
import { ClubRegistrationForm } from './club-registration-form';
import { RegistrationSuccess } from './registration-success';

export default function RegisterPage() {
  const [registered, setRegistered] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const registerAnother = () => {
    setFormKey((key) => key + 1);
    setRegistered(false);
  };

  return (
    <AuthPageShell
      title="Register Your Club"
      subtitle="Create an account for your club. New clubs are reviewed before they appear in the directory."
      footer={
        registered ? undefined : (
          <Text textStyle="sm" color="fg.muted">
            Already registered?{' '}
            <Link asChild variant="underline">
              <RouterLink to="/login">Log in</RouterLink>
            </Link>
          </Text>
        )
      }
    >
      {registered ? (
        <RegistrationSuccess onRegisterAnother={registerAnother} />
      ) : (
        <ClubRegistrationForm key={formKey} onRegistered={() => setRegistered(true)} />
      )}
    </AuthPageShell>
  );
}
