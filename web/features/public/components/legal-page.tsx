// The frame of the three legal pages: Back, the title, the effective date, a table of contents and the sections.
import { Anchor, Box, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCalendarDate } from '#common/time/format.ts';
import { BackButton } from '../../../components/back-button.tsx';

/** The address every legal question goes to. */
export const LEGAL_CONTACT_EMAIL = 'privacy@forgeboard.example';

/** The date from which the current legal texts apply (ISO 8601). */
export const LEGAL_EFFECTIVE_DATE = '2026-11-22';

/** One h2 section of a legal page; `id` is its anchor in the table of contents. */
export interface TLegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface TLegalPageProps {
  title: string;
  /** One or two sentences under the title saying what the document covers. */
  summary: ReactNode;
  sections: readonly TLegalSection[];
}

// The documents are written in British English: their date reads the same for every visitor.
const effectiveDateLabel = formatCalendarDate(LEGAL_EFFECTIVE_DATE, 'en-GB', { long: true });

export function LegalPage({ title, summary, sections }: TLegalPageProps) {
  return (
    <Container size="md" py="xl">
      <BackButton />
      <Stack gap="lg" mt="sm">
        <Box component="header">
          <Title order={1} fz={{ base: 30, sm: 36 }}>
            {title}
          </Title>
          <Text mt="xs" c="gray.7">
            Effective date: <time dateTime={LEGAL_EFFECTIVE_DATE}>{effectiveDateLabel}</time>
          </Text>
          <Text mt="md" size="lg">
            {summary}
          </Text>
        </Box>
        <Paper component="nav" aria-labelledby="legal-contents" withBorder p="md" bg="gray.0">
          <Text id="legal-contents" fw={700} mb="xs">
            Contents
          </Text>
          <List type="ordered" spacing={4}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`}>{section.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
        {sections.map((section, index) => (
          <Box
            component="section"
            key={section.id}
            aria-labelledby={section.id}
            style={{ overflowWrap: 'break-word' }}
          >
            <Title order={2} id={section.id} fz="xl" mb="sm" style={{ scrollMarginTop: 16 }}>
              {index + 1}. {section.title}
            </Title>
            <Stack gap="sm">{section.body}</Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}

/** A link to the legal contact address. */
export function MailLink() {
  return (
    <Anchor underline="always" href={`mailto:${LEGAL_CONTACT_EMAIL}`}>
      {LEGAL_CONTACT_EMAIL}
    </Anchor>
  );
}

/** A bulleted list for legal text, with the spacing the pages share. */
export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <List spacing="xs" pr="sm">
      {items.map((item, index) => (
        // The items are fixed text that never reorders, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}
