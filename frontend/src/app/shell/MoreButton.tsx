import { ActionIcon } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/**
 * The phone header's More button: the target of PhoneMenu (Menu.Target hands it its ref, handlers
 * and aria attributes), and drawn alone until its first tap.
 */
export function MoreButton(props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  return (
    <ActionIcon variant="subtle" size="lg" hiddenFrom="sm" aria-label="More" {...props}>
      <IconDotsVertical size={20} aria-hidden />
    </ActionIcon>
  );
}
