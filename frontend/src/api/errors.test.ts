import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { badRequest } from '@/test/refusal';
import { errorMessage, fieldErrors, isSubscriptionRequired, NETWORK_MESSAGE, SUBSCRIPTION_REQUIRED, TIMEOUT_MESSAGE } from './errors';

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

describe('error details', () => {
  // What Kesi's server sends: google.rpc.BadRequest and google.rpc.ErrorInfo, encoded.
  function errorInfo(reason: string): Uint8Array {
    return new BinaryWriter().tag(1, WireType.LengthDelimited).string(reason).tag(2, WireType.LengthDelimited).string('kesi.app').finish();
  }

  /** An error as the client decodes it from the wire, with one detail. */
  function received(message: string, code: Code, type: string, value: Uint8Array): ConnectError {
    const err = new ConnectError(message, code);
    err.details.push({ type, value });
    return err;
  }

  it('puts each field violation on its field', () => {
    const err = received(
      'Phone number must be at least 10 digits.',
      Code.InvalidArgument,
      'google.rpc.BadRequest',
      badRequest('phone_number', 'Phone number must be at least 10 digits.'),
    );
    expect(fieldErrors(err)).toEqual({ phone_number: 'Phone number must be at least 10 digits.' });
  });
  it('answers no field errors for other errors or undecodable details', () => {
    expect(fieldErrors(new ConnectError('Case not found', Code.NotFound))).toEqual({});
    expect(fieldErrors(new TypeError('Failed to fetch'))).toEqual({});
    const broken = received('x', Code.InvalidArgument, 'google.rpc.BadRequest', new Uint8Array([10, 99]));
    expect(fieldErrors(broken)).toEqual({});
  });
  it('tells a missing subscription by its ErrorInfo reason', () => {
    const err = received('Subscribe to continue.', Code.FailedPrecondition, 'google.rpc.ErrorInfo', errorInfo(SUBSCRIPTION_REQUIRED));
    expect(isSubscriptionRequired(err)).toBe(true);
    expect(isSubscriptionRequired(new ConnectError('Not allowed', Code.FailedPrecondition))).toBe(false);
  });
});
