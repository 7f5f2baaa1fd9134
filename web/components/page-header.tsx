// The head of every detail page (STYLE.md, "Do not copy": it was written out by hand in five pages): the Back
// button, the record's name as the page's one h1 with its badges beside it, the lines that say what it is under it,
// and the page's actions (buttons, or figures such as "On hand") to the right — wrapping under the name on a phone,
// so nothing runs off a 360 px screen. It returns a fragment: the page's Stack spaces it like the sections below.
import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackButton } from './back-button.tsx';

export interface TPageHeaderProps {
  /** The record's name or number: the page's h1. */
  title: ReactNode;
  /** Beside the title: a status badge, "Low stock", "Inactive"… */
  badges?: ReactNode;
  /** The first line under the title, in a larger size (e.g. the item's name). */
  subtitle?: ReactNode;
  /** Further lines under it (dimmed details: dates, references). */
  children?: ReactNode;
  /** To the right of the title, or under it on a phone: buttons or figures. */
  actions?: ReactNode;
  /** The Back button's label; false leaves it out. */
  back?: string | false;
}

export function PageHeader({ title, badges, subtitle, children, actions, back = 'Back' }: TPageHeaderProps) {
  return (
    <>
      {back === false ? null : <BackButton label={back} />}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        {/* minWidth 0 lets a long name wrap inside the row instead of pushing the actions off the screen. */}
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {badges}
          </Group>
          {subtitle === undefined ? null : (
            <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Text>
          )}
          {children}
        </div>
        {actions === undefined ? null : (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </>
  );
}
