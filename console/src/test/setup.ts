import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { fixedMediaQueryList } from './media-query';

// jsdom lacks the layout APIs Mantine's components call (node-environment tests have no window at all).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => fixedMediaQueryList(query, false),
  });

  class NoopResizeObserver implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = NoopResizeObserver;

  Element.prototype.scrollIntoView = function scrollIntoView(): void {};
}

// Screens and the toast container load on demand (React.lazy, lazy routes); a first import is
// transformed on the fly, which on a busy machine takes longer than findBy's default second.
configure({ asyncUtilTimeout: 4000 });
// Warm the toast container's module so that a toast renders within a tick of being shown.
await import('@mantine/notifications');

afterEach(() => {
  cleanup();
  // The notifications store is module state; a toast of one test must not leak into the next.
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
