import { describe, expect, it } from 'vitest';
import { afterSignIn } from './user';

describe('afterSignIn', () => {
  const lawyer = { role: 'lawyer' as const };

  it('returns to the page the guard turned away from', () => {
    expect(afterSignIn(lawyer, '/cases/MCCC%2FE3574%2F2022')).toBe('/cases/MCCC%2FE3574%2F2022');
    expect(afterSignIn(lawyer, '/connect-extension#code=abc')).toBe('/connect-extension#code=abc');
  });

  it('goes home without a safe in-app path', () => {
    for (const from of [undefined, null, 42, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/login']) {
      expect(afterSignIn(lawyer, from)).toBe('/dashboard');
    }
  });

  it('never sends a diary role back to the affiliate dashboard (it bounced them to /login and back)', () => {
    expect(afterSignIn(lawyer, '/affiliate-dashboard')).toBe('/dashboard');
    expect(afterSignIn({ role: 'demo' }, '/affiliate-dashboard?x=1')).toBe('/dashboard');
  });

  it('always sends affiliates to their dashboard', () => {
    expect(afterSignIn({ role: 'affiliate' }, '/cases')).toBe('/affiliate-dashboard');
  });
});
