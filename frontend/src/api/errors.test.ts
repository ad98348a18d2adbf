import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { errorMessage, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './errors';

describe('errorMessage', () => {
  it('shows the server message', () => {
    expect(errorMessage(new ConnectError('Case not found', Code.NotFound))).toBe('Case not found');
  });
  it('names timeouts and network failures as SPEC.md does', () => {
    expect(errorMessage(new ConnectError('the operation timed out', Code.DeadlineExceeded))).toBe(TIMEOUT_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
  });
  it('falls back to the HTTP status when the server sent no message', () => {
    expect(errorMessage(new ConnectError('', Code.Internal))).toBe('Server error (500). Please try again.');
  });
});
