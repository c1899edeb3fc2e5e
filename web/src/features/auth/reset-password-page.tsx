import { useState } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { AuthPageShell } from './auth-page-shell';
import { InvalidResetLink } from './invalid-reset-link';
import { ResetPasswordForm } from './reset-password-form';

/** Target of the reset email's link: /reset-password?token=... */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [invalid, setInvalid] = useState(false);
  const showInvalid = invalid || !token;
  return (
    <AuthPageShell title="Set a new password" subtitle={showInvalid ? undefined : 'Choose a new password for your account.'}>
      {showInvalid ? <InvalidResetLink /> : <ResetPasswordForm token={token} onInvalidToken={() => setInvalid(true)} />}
    </AuthPageShell>
  );
}
