import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code loads (each route is its own chunk). */
export function RouteLoading() {
  return (
    <Center mih="60vh" role="status" aria-label="Loading page">
      <Loader color="teal" />
    </Center>
  );
}
