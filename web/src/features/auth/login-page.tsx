import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import { returnPath } from '../../lib/return-to';
import { useAuth } from '../../lib/use-auth';
import { AuthPageShell } from './auth-page-shell';
import { ResetRequestDialog } from './reset-request-dialog';
import { SignInForm } from './sign-in-form';

export default function LoginPage() {
  const { status } = useAuth();
  const back = returnPath(useLocation().search);
  if (status === 'signed-in') return <Navigate to={back} replace />;
  return (
    <AuthPageShell
      title="Sign In"
      subtitle="Welcome back to Clubroom."
      footer={
        <Stack gap="1" alignItems="center" textStyle="sm" color="fg.muted">
          <Text>
            Running a club?{' '}
            <Link asChild variant="underline">
              <RouterLink to="/register">Register here</RouterLink>
            </Link>
          </Text>
          <Text>
            Want to help?{' '}
            <Link asChild variant="underline">
              <RouterLink to="/volunteer/register">Sign up as a volunteer</RouterLink>
            </Link>
          </Text>
        </Stack>
      }
    >
      <Stack gap="3">
        <SignInForm />
        <HStack justifyContent="flex-end">
          <ResetRequestDialog />
        </HStack>
      </Stack>
    </AuthPageShell>
  );
}
