// One toast per message: the id that lets Mantine drop a repeat.
import { describe, expect, it } from 'vitest';
import { toastId } from './toast.ts';

describe('toastId', () => {
  it('is the same for the same kind, title and message', () => {
    const message = { title: 'Login failed', message: 'Invalid email or password.' };
    expect(toastId('error', message)).toBe(toastId('error', { ...message }));
  });

  it('differs when the kind, the title or the message differs', () => {
    const ids = new Set([
      toastId('error', { title: 'Login failed', message: 'Invalid email or password.' }),
      toastId('info', { title: 'Login failed', message: 'Invalid email or password.' }),
      toastId('error', { title: 'Login failed', message: 'Account inactive.' }),
      toastId('error', { title: 'Login failed:', message: 'Invalid email or password.' }),
      // A separator inside the title cannot make two messages meet.
      toastId('error', { title: 'a:b', message: 'c' }),
      toastId('error', { title: 'a', message: 'b:c' }),
    ]);
    expect(ids.size).toBe(6);
  });

  it('has no white space, as an element id must not', () => {
    expect(toastId('success', { title: 'Configuration saved', message: 'Every open tab.' })).not.toMatch(
      /\s/,
    );
  });
});
