import { Button, Group, Menu, Modal } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLogout } from '../session/SessionProvider';
import { MoreButton } from './MoreButton';
import { NAV_ENTRIES } from './navigation';

const TEXT = {
  signOut: 'Sign Out',
  confirmSignOut: 'Sign out of Kesi on this phone?',
  cancel: 'Cancel',
};

/**
 * Phones have no sidebar: the header's menu holds what the bottom bar leaves out (Clients, the
 * Cases Report) and Sign Out, which asks first (a stray tap at court must not end the session).
 * HeaderMenu draws it from the More button's first tap, and holds whether it is open.
 */
export function PhoneMenu({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
        <Menu.Target>
          <MoreButton />
        </Menu.Target>
        <Menu.Dropdown>
          {NAV_ENTRIES.filter((e) => e.desktopOnly).map((entry) => {
            const Icon = entry.icon;
            return (
              <Menu.Item key={entry.to} component={Link} to={entry.to} leftSection={<Icon size={18} aria-hidden />}>
                {entry.label}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {TEXT.signOut}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={TEXT.confirmSignOut}
        centered
        size="sm"
      >
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setConfirming(false);
            }}
          >
            {TEXT.cancel}
          </Button>
          <Button color="red" onClick={() => void logout()}>
            {TEXT.signOut}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
