import { useState, type ReactNode } from 'react';

/** Asked once per browser session, when the API first answers UNAUTHENTICATED. */
export function KeyPrompt({ refused, onKey }: { refused: boolean; onKey: (key: string) => void }): ReactNode {
  const [key, setKey] = useState('');
  return (
    <form
      className="card key-prompt"
      data-testid="key-prompt"
      onSubmit={(e) => {
        e.preventDefault();
        if (key.trim() !== '') onKey(key);
      }}
    >
      <h2>API key</h2>
      <p>
        {refused ? 'The API refused that key. ' : 'This Limbic API needs a key. '}
        It is kept for this browser tab only (session storage) and sent as a bearer token with every request.
      </p>
      <label>
        Key <input type="password" name="apiKey" autoComplete="off" autoFocus value={key} onChange={(e) => setKey(e.target.value)} />
      </label>
      <button type="submit">Use key</button>
    </form>
  );
}
