import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../lib/use-auth';
import { AuthPageShell } from './auth-page-shell';
import { ResetRequestDialog } from './reset-request-dialog';
import { SignInForm } from './sign-in-form';

export default function LoginPage() {
  const { status } = useAuth();
  if (status === 'signed-in') return <Navigate to="/profile" replace />;
  return (
    <AuthPageShell
      title="Sign In"
      subtitle="Welcome back to Clubroom."
      footer={
        <Text textStyle="sm" color="fg.muted">
          Running a club?{' '}
          <Link asChild variant="underline">
            <RouterLink to="/register">Register here</RouterLink>
          </Link>
        </Text>
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
