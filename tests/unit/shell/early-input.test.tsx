// @vitest-environment happy-dom
// What a visitor does on a prerendered page before it is live must reach the app (src/lib/early-input.ts).
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { captureEarlyInput } from '../../../src/lib/early-input';
import { reactRootPerTest } from '../react-root';

const current = reactRootPerTest();

/** Types into `field` as a browser does: the native setter, then an input event. */
function type(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const fieldLabelled = (label: string) =>
  [...current.container.querySelectorAll('input')].find((input) => input.labels?.[0]?.textContent === label)!;

/** Runs restore() once per frame until it reports nothing left, as src/main.tsx does. */
async function restoreAll(early: ReturnType<typeof captureEarlyInput>) {
  for (let frame = 0; frame < 10; frame += 1) {
    let left = 0;
    await act(async () => {
      left = early.restore();
      await Promise.resolve();
    });
    if (left === 0) return;
  }
  throw new Error('restore() never finished');
}

afterEach(() => {
  window.__bucketHeld = undefined;
});

describe('early input', () => {
  it('gives the app a value typed into a field React had marked but whose events it did not yet handle', async () => {
    // The field belongs to a hydration render that has not committed: its events do not reach the app.
    let live = false;
    const seen: string[] = [];
    function SignIn() {
      const [email, setEmail] = useState('');
      seen.push(email);
      return (
        <label>
          Email
          <input value={email} onChange={(event) => live && setEmail(event.target.value)} />
        </label>
      );
    }
    await act(async () => current.root.render(<SignIn />));
    const early = captureEarlyInput(current.container);
    const email = current.container.querySelector('input')!;
    type(email, 'fan@example.test');
    live = true;
    await restoreAll(early);
    expect(seen.at(-1)).toBe('fan@example.test');
    expect(email.value).toBe('fan@example.test');
  });

  it('a replayed click that replaces the form moves the focus and the text to the same-label field', async () => {
    function Login() {
      const [forgot, setForgot] = useState<string | null>(null);
      const [email, setEmail] = useState('');
      if (forgot !== null) return <ResetForm initialEmail={forgot} />;
      return (
        <div>
          <label htmlFor="sign-in-email">Email</label>
          <input id="sign-in-email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button type="button" onClick={() => setForgot(email)}>
            Forgot password?
          </button>
        </div>
      );
    }
    function ResetForm({ initialEmail }: { initialEmail: string }) {
      const [email, setEmail] = useState(initialEmail);
      return (
        <div>
          <h2>Reset Password</h2>
          <label htmlFor="reset-email">Email</label>
          <input id="reset-email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <output>{email}</output>
        </div>
      );
    }
    // (Forms are divs here: happy-dom's form element hides React's marks from Object.keys.)
    await act(async () => current.root.render(<Login />));
    const early = captureEarlyInput(current.container);
    // The visitor clicked 'Forgot password?' before the page was live (the head script held it),
    // then went to the sign-in form's Email field, which the replayed click is about to replace.
    window.__bucketHeld = {
      target: current.container.querySelector('button'),
      form: null,
      submitter: null,
    };
    fieldLabelled('Email').focus();
    await restoreAll(early);
    await act(async () => early.replayHeld());
    expect(current.container.querySelector('h2')?.textContent).toBe('Reset Password');
    const replacement = fieldLabelled('Email');
    expect(replacement.id).toBe('reset-email');
    expect(document.activeElement).toBe(replacement);
    // Their next keystrokes land in the new field, and so in its form's state.
    await act(async () => type(document.activeElement as HTMLInputElement, 'fan@example.test'));
    expect(current.container.querySelector('output')?.textContent).toBe('fan@example.test');
  });
});
