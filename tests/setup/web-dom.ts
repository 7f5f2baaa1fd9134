// Set-up of the web unit tests (vitest project "web", jsdom): Testing Library's matchers and clean-up, and the two
// browser APIs Mantine reads that jsdom lacks (Mantine's own test set-up does the same).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Mantine's colour scheme and media-query hooks ask matchMedia; jsdom has none. Nothing matches: a desktop without
// preferences, the layout the tests describe unless they say otherwise.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// ScrollArea and friends observe their size.
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;

// jsdom has no layout; Mantine's Combobox scrolls options into view.
Element.prototype.scrollIntoView ??= () => undefined;
