import { lazy, Suspense, useState } from 'react';
import { MoreButton } from './MoreButton';

const loadPhoneMenu = () => import('./PhoneMenu');
const PhoneMenu = lazy(() => loadPhoneMenu().then((m) => ({ default: m.PhoneMenu })));
const preloadPhoneMenu = () => {
  void loadPhoneMenu();
};

/**
 * The phone header's More button. Its menu (Mantine's Menu and Modal with floating-ui and the
 * focus trap: with the desktop's tooltips, 24 KB gzip of the 285 KB the dashboard loaded) is not
 * part of the first load (issue 17): it loads when the button is first touched or focused, and
 * opens on the click, as the public pages' burger does.
 */
export function HeaderMenu() {
  const [loaded, setLoaded] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = (
    <MoreButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadPhoneMenu}
      onPointerDown={preloadPhoneMenu}
      onFocus={preloadPhoneMenu}
      onClick={() => {
        setLoaded(true);
        setOpened(true);
      }}
    />
  );
  if (!loaded) return button;
  return (
    <Suspense fallback={button}>
      <PhoneMenu opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
