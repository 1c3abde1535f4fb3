import { Center, Loader } from '@mantine/core';

/** The loader a screen shows while its data is missing. */
export function ScreenLoader() {
  return (
    <Center h={200}>
      <Loader role="status" aria-label="Chargement" />
    </Center>
  );
}
