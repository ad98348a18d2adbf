import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientSchema, ClientService } from '@gen/kesi/v1/client_pb';
import { renderWithProviders } from '@/test/render';
import { ClientsPage } from './ClientsPage';

const twoClients = () =>
  createRouterTransport((router) => {
    router.service(ClientService, {
      listClients: () => ({
        clients: [
          create(ClientSchema, {
            id: '1',
            fullname: 'Jane Wanjiru',
            phoneNumber: '0712345678',
            email: 'accounts.receivable@wanjiruholdings.co.ke',
            nationalId: '12345678',
          }),
          create(ClientSchema, { id: '2', fullname: 'Otieno Holdings', nationalId: 'TMP-1', isNationalIdTemporary: true }),
          create(ClientSchema, { id: '3', fullname: 'Amani Pharmaceuticals Ltd', phoneNumber: '0722100200' }),
        ],
      }),
    });
  });

/** A screen below 768 px, as Mantine's useMediaQuery asks for it. */
function onAPhone() {
  const desktop = window.matchMedia.bind(window);
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), { matches: query.includes('max-width'), media: query, onchange: null }) as unknown as MediaQueryList;
  return () => {
    window.matchMedia = desktop;
  };
}

describe('ClientsPage', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
  });

  // At 360 px a four-column table scrolled sideways, cut the e-mail and left View Profile off
  // screen: a phone lists each client as a card holding all of it.
  it('shows each client as a card with contact, National ID and View Profile on a phone', async () => {
    restore = onAPhone();
    renderWithProviders(<ClientsPage />, { transport: twoClients() });
    const jane = await screen.findByRole('article', { name: 'Jane Wanjiru' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(jane).getByRole('link', { name: '0712345678' }).getAttribute('href')).toBe('tel:+254712345678');
    expect(within(jane).getByText('accounts.receivable@wanjiruholdings.co.ke')).toBeDefined();
    expect(within(jane).getByText('12345678')).toBeDefined();
    expect(within(jane).getByRole('link', { name: 'View Profile Jane Wanjiru' }).getAttribute('href')).toBe('/clients/1');
    const otieno = screen.getByRole('article', { name: 'Otieno Holdings' });
    expect(within(otieno).getByText('No contact information')).toBeDefined();
    expect(within(otieno).getByText('Temporary ID')).toBeDefined();
    expect(within(otieno).getByRole('link', { name: 'View Profile Otieno Holdings' }).getAttribute('href')).toBe('/clients/2');
    // An empty "National ID:" would read as a fault in the card.
    expect(within(screen.getByRole('article', { name: 'Amani Pharmaceuticals Ltd' })).queryByText(/National ID/)).toBeNull();
    expect(screen.getByText('3 client(s) found')).toBeDefined();
  });

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
