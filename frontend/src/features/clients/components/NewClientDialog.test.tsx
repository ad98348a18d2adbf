import { createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClientService } from '@gen/kesi/v1/client_pb';
import { refusal } from '@/test/refusal';
import { renderWithProviders } from '@/test/render';
import { NewClientDialog } from './NewClientDialog';

describe('NewClientDialog', () => {
  it('shows the server’s refusal under the field it names, and keeps what was typed', async () => {
    const message = 'Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters.';
    const transport = createRouterTransport((router) => {
      router.service(ClientService, {
        createClient: () => {
          throw refusal('phone_number', message);
        },
      });
    });
    renderWithProviders(<NewClientDialog opened onClose={() => undefined} />, { transport });
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Wanjirū Nyambura');
    // Ten digits, so the form's own rule lets it through; the server's does not.
    await userEvent.type(screen.getByLabelText('Phone Number'), '0712 345 678 ext 4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));

    const phone = screen.getByLabelText('Phone Number');
    await waitFor(() => {
      expect(phone.getAttribute('aria-invalid')).toBe('true');
    });
    expect(phone.getAttribute('aria-describedby') ?? '').not.toBe('');
    const described = document.getElementById(phone.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('error')) ?? '');
    expect(described?.textContent).toBe(message);
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Wanjirū Nyambura');
    await waitFor(() => {
      expect(document.activeElement).toBe(phone);
    });
  }, 30_000);
});
