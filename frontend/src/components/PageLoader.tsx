import { Center, Loader } from '@mantine/core';

/** Shown while a route's code loads. */
export function PageLoader() {
  return (
    <Center h="100dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
