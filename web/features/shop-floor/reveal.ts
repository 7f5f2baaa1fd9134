// On a phone, an error below the fold is an error never seen: a consumption refused for want of a location "did
// nothing visible" (issue 28). Each floor action shows its error beside itself and brings it into view, centred, so
// neither the app's header nor the bottom toasts hide it.
import { type RefObject, useEffect } from 'react';

/** The first invalid field or alert inside `container`, scrolled to the middle of the screen. */
export function revealFirstError(container: HTMLElement | null): void {
  const target = container?.querySelector('[aria-invalid="true"], [role="alert"]');
  // jsdom (the component tests) has no scrolling: the call is optional there, never in a browser.
  target?.scrollIntoView?.({ block: 'center' });
}

/** Reveals the first error in `container` each time `failures` counts another failure (0: none yet). */
export function useRevealErrors(container: RefObject<HTMLElement | null>, failures: number): void {
  useEffect(() => {
    if (failures > 0) revealFirstError(container.current);
  }, [container, failures]);
}
