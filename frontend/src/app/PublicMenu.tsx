import { Burger, Menu } from '@mantine/core';
import { Link } from 'react-router';

const PUBLIC_LINKS = [
  { label: 'Affiliate', to: '/affiliate' },
  { label: 'Sign In', to: '/login' },
  { label: 'Get Started', to: '/register' },
];

/** The public navigation as a menu behind the burger, on small screens (PublicLayout loads it). */
export function PublicMenu({ defaultOpened }: { defaultOpened: boolean }) {
  return (
    <Menu position="bottom-end" width={180} defaultOpened={defaultOpened}>
      <Menu.Target>
        <Burger aria-label="Open navigation" size="sm" />
      </Menu.Target>
      <Menu.Dropdown>
        {PUBLIC_LINKS.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to}>
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
