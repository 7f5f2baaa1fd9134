// The one shape of an error the user has to read before going on (a refused save, a failed load, a step that did not
// work): red, the theme's light variant, and announced by screen readers when it appears (role="alert"). A red box
// that is a state rather than an error (a lot on hold, a shortage) is an Alert with role="status" instead.
import { Alert, type AlertProps } from '@mantine/core';
import type { Ref } from 'react';

export function ErrorAlert({
  ref,
  ...props
}: Omit<AlertProps, 'color' | 'role' | 'variant'> & { ref?: Ref<HTMLDivElement> }) {
  return <Alert ref={ref} color="red" role="alert" {...props} />;
}
