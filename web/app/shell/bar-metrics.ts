// The navigation bar's measures, shared with what must keep clear of it (the toasts, app/providers.tsx), without
// importing the bar itself.

/** The height of the bar's rows, the same whatever they hold, so that filling them in moves nothing below. */
export const TOP_ROW_HEIGHT = 36; // a default-size button: the user menu
export const PAGES_ROW_HEIGHT = 34; // a compact-sm page button (26 px) and the row's padding
export const BAR_PADDING = 8;
/** Where the bar's top row (the user menu, Help) ends. */
export const NAV_TOP_ROW_BOTTOM = BAR_PADDING + TOP_ROW_HEIGHT + BAR_PADDING;
