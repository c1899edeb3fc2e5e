import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { CreateTokenForm, type ScopeOption } from './create-token-form';
import { TokenSecret } from './token-secret';

interface CreateTokenDialogProps {
  open: boolean;
  onClose: () => void;
  scopes: ScopeOption[];
}

/** New token: the form, then the secret (shown once). */
export function CreateTokenDialog({ open, onClose, scopes }: CreateTokenDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title="New API token">
      <CreateTokenSteps scopes={scopes} onDone={onClose} />
    </FormDialog>
  );
}

function CreateTokenSteps({ scopes, onDone }: { scopes: ScopeOption[]; onDone: () => void }) {
  const [secret, setSecret] = useState<string>();
  return secret ? <TokenSecret secret={secret} onDone={onDone} /> : <CreateTokenForm scopes={scopes} onCreated={setSecret} />;
}
