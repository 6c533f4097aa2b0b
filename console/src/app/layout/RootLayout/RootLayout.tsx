import { Progress } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router';

/** While the next screen's chunk loads, the current screen stays and a bar runs along the top. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <Progress
          value={100}
          animated
          color="teal"
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          role="progressbar"
          aria-label="Loading page"
        />
      )}
      <Outlet />
    </>
  );
}
