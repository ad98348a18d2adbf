import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ClientSchema, ClientService } from '@gen/kesi/v1/client_pb';
import { renderWithProviders } from '@/test/render';
import { ClientsPage } from './ClientsPage';

describe('ClientsPage', () => {
  it('lists, searches and applies the National ID rule', async () => {
    const transport = createRouterTransport((router) => {
      router.service(ClientService, {
        listClients: () => ({
          clients: [
            create(ClientSchema, { id: '1', fullname: 'Jane Wanjiru', phoneNumber: '0712345678', nationalId: '12345678' }),
            create(ClientSchema, { id: '2', fullname: 'Otieno Holdings', nationalId: 'TMP-1', isNationalIdTemporary: true }),
          ],
        }),
      });
    });
    renderWithProviders(<ClientsPage />, { transport });
    expect(await screen.findByText('Jane Wanjiru')).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'National ID' })).toBeDefined();
    expect(screen.getByText('Temporary ID')).toBeDefined();
    expect(screen.getByText('No contact information')).toBeDefined();
    expect(screen.getByText('2 client(s) found')).toBeDefined();
    await userEvent.type(screen.getByLabelText('Search clients'), '0712');
    expect(screen.getByText('1 client(s) found')).toBeDefined();
    await userEvent.clear(screen.getByLabelText('Search clients'));
    await userEvent.type(screen.getByLabelText('Search clients'), 'nobody');
    expect(screen.getByText('No clients found.')).toBeDefined();
  });
});
