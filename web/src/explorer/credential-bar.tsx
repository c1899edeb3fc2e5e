// The explorer's top bar: whose rights requests carry, a field to paste an API token, and the
// integrator's references (the API guide, the schema, the Developer page for tokens).
import { useEffect, useState, type FormEvent } from 'react';
import { defaultCredential, onCredentialChange, setPastedToken } from './credentials';

function describe(credential: ReturnType<typeof defaultCredential>): string {
  if (credential.source === 'token') return 'the API token pasted here';
  if (credential.source === 'session') return `your signed-in session (${credential.email})`;
  return 'nobody: signed out (public data only)';
}

export function CredentialBar() {
  const [draft, setDraft] = useState('');
  const [credential, setCredential] = useState(defaultCredential);

  useEffect(() => {
    const refresh = () => setCredential(defaultCredential());
    const stop = onCredentialChange(refresh);
    // The app may sign in or out in another tab.
    window.addEventListener('storage', refresh);
    return () => {
      stop();
      window.removeEventListener('storage', refresh);
    };
  }, []);

  const onUse = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    setPastedToken(draft);
    setDraft('');
  };

  return (
    <header className="explorer-bar">
      <h1 className="explorer-title">Clubroom GraphQL Explorer</h1>
      <p className="explorer-credential" role="status">
        Requests act as: <strong>{describe(credential)}</strong>. An Authorization header in the Headers tab takes precedence.
      </p>
      <form className="explorer-token" onSubmit={onUse}>
        <label htmlFor="explorer-token-input">API token</label>
        <input
          id="explorer-token-input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="clubroom_pat_…"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit">Use token</button>
        {credential.source === 'token' && (
          <button type="button" onClick={() => setPastedToken(null)}>
            Forget token
          </button>
        )}
      </form>
      <nav className="explorer-links" aria-label="API references">
        <a href="/docs/api">API guide (docs/API.md)</a>
        <a href="/schema.graphql">Schema (SDL)</a>
        <a href="/profile/developer">Create an API token</a>
      </nav>
    </header>
  );
}
