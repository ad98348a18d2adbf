import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { renderWithProviders } from '@/test/render';
import { RESET_TEXT, VerifyResetCodePage } from './VerifyResetCodePage';

const LOCKED = 'Too many wrong codes. Please request a new one.';
const WAIT = 'Too many attempts. Please wait 15 minutes and try again.';

function server(answers: Error[]) {
  return createRouterTransport(({ service }) => {
    service(AuthService, {
      changePassword: () => {
        const next = answers.shift();
        if (next) throw next;
        return { message: 'Password has been reset successfully' };
      },
      requestPasswordReset: () => ({ message: 'Reset code sent to your email' }),
    });
  });
}

async function submit(code: string) {
  await userEvent.clear(screen.getByLabelText(new RegExp(RESET_TEXT.code)));
  await userEvent.type(screen.getByLabelText(new RegExp(RESET_TEXT.code)), code);
  await userEvent.click(screen.getByRole('button', { name: RESET_TEXT.submit }));
}

describe('VerifyResetCodePage', () => {
  it("shows the server's reason, and a resent code clears it", async () => {
    renderWithProviders(<VerifyResetCodePage />, {
      transport: server([new ConnectError(LOCKED, Code.InvalidArgument), new ConnectError(WAIT, Code.ResourceExhausted)]),
      path: '/verify-reset-code',
      state: { email: 'wafula@example.co.ke' },
    });
    await userEvent.type(screen.getByLabelText(new RegExp(RESET_TEXT.password)), 'nyumbani-kwetu');
    await userEvent.type(screen.getByLabelText(new RegExp(RESET_TEXT.confirm)), 'nyumbani-kwetu');
    await submit('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED);

    await userEvent.click(screen.getByRole('button', { name: RESET_TEXT.resend }));
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });

    await submit('654321');
    expect((await screen.findByRole('alert')).textContent).toBe(WAIT);
  }, 30_000);
});
