// The Mantine theme: a steel-blue brand with contrast that passes WCAG AA on white.
import {
  createTheme,
  FileInput,
  Loader,
  type MantineColorsTuple,
  Menu,
  Modal,
  Notification,
  TableScrollContainer,
} from '@mantine/core';

const forge: MantineColorsTuple = [
  '#e8f1fb',
  '#cfe0f3',
  '#a0bfe6',
  '#6d9cd9',
  '#447fce',
  '#2b6cc8',
  '#1c5fb0',
  '#1c4e80',
  '#143d66',
  '#0b2b4c',
];

export const theme = createTheme({
  primaryColor: 'forge',
  primaryShade: 7,
  colors: { forge },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'md',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  components: {
    // Mantine's close button is an icon alone: without a name a screen reader announces a nameless button in every
    // dialog (axe's button-name rule, critical).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A toast is a Notification: the same nameless close button (button-name, critical), and its message written in
    // the dimmed grey, 3.3:1 on white (color-contrast, serious); gray.7 reads at over 7:1.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
    // Mantine puts a role="presentation" focus placeholder inside role="menu", whose children may only be items,
    // groups and separators (axe's aria-required-children, critical); the menu's own keyboard handling stays.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // The × that empties a date field (Input.ClearButton) or a FileInput (a CloseButton of its own) is an icon alone
    // too; a Select's is hidden from screen readers, which clear it by deleting the text.
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } }),
    // A loader is named ("Loading the plan") but has no role, and a name on an element without one is not allowed
    // (axe's aria-prohibited-attr, serious: CI found it on a page still loading). As a status it is named and
    // announced; one hidden from screen readers stays hidden.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A table wider than the screen scrolls in its own box, which a keyboard user can only scroll if it takes focus
    // (axe's scrollable-region-focusable, serious).
    TableScrollContainer: TableScrollContainer.extend({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
  },
});
