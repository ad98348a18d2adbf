import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's one h1 and the dimmed line under it. */
export function PageHeading({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {subtitle}
      </Text>
    </div>
  );
}
